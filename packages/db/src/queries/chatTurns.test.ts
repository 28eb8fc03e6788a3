import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createId } from "../ids";
import { getPgPool, observeStatements } from "../pool";
import { getPrisma } from "../prisma";
import { commitChatTurn } from "./commitChatTurn";
import { createChatSession } from "./createChatSession";
import { readChatSession } from "./readChatSession";

const prisma = getPrisma();
const pool = getPgPool();
let botId = "";
let workspaceId = "";
let chatKey = "";

beforeAll(async () => {
  workspaceId = createId();
  botId = createId();
  chatKey = `ck_${createId()}`;
  await prisma.workspace.create({ data: { id: workspaceId, name: "W" } });
  await prisma.bot.create({ data: { id: botId, name: "B", workspaceId } });
  await prisma.chatKey.create({ data: { id: createId(), key: chatKey, botId } });
});

afterAll(async () => {
  await prisma.workspace.delete({ where: { id: workspaceId } });
});

const answer = (resultId: string, index: number) => ({
  id: createId(),
  resultId,
  index,
  blockId: "b1",
  groupId: "g1",
  itemId: null,
  variableId: null,
  content: `answer ${index}`,
  attachedFileUrls: null,
});

async function startSession() {
  const sessionId = createId();
  const resultId = createId();
  const created = await createChatSession(pool, {
    sessionId,
    botId,
    publishedBotId: null,
    isPreview: false,
    previewFlow: null,
    resultId,
    state: { step: 0 },
    expiresAt: new Date(Date.now() + 3_600_000),
    isCompleted: false,
    guardRecord: null,
    results: [
      {
        id: resultId,
        botId,
        workspaceId,
        publishedBotId: null,
        variables: [],
        hasStarted: true,
        isCompleted: false,
      },
    ],
    answers: [answer(resultId, 0)],
    visitedEdges: [{ resultId, index: 0, edgeId: "e1" }],
    logs: [],
    records: [],
    activity: null,
  });
  return { sessionId, resultId, created };
}

describe("chat turn queries", () => {
  it("creates a session with its result and first answer in one statement", async () => {
    const statements: string[] = [];
    const stop = observeStatements((text) => statements.push(text));
    const { sessionId, resultId, created } = await startSession();
    stop();
    expect(created).toBe(true);
    expect(statements).toHaveLength(1);
    expect(await prisma.answer.count({ where: { resultId } })).toBe(1);
    const read = await readChatSession(pool, {
      sessionId,
      credential: { kind: "chatKey", key: chatKey },
      recordKey: null,
    });
    expect(read.session).toMatchObject({ id: sessionId, botId, workspaceId, turn: 0, state: { step: 0 } });
    expect(read.credential.credentialBotId).toBe(botId);
  });

  it("reads a session that waits on no AI agent without running the agent's subqueries", async () => {
    const { sessionId } = await startSession();
    const texts: string[] = [];
    const stop = observeStatements((text) => texts.push(text));
    const read = await readChatSession(pool, {
      sessionId,
      credential: { kind: "chatKey", key: chatKey },
      recordKey: null,
    });
    stop();
    expect(read.aiAgent).toBeNull();
    const [text] = texts;
    // The same statement, explained as it ran: the two correlated subqueries (the agent's credentials and
    // knowledge bases) are plans PostgreSQL never executed.
    const { rows } = await pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, [sessionId, chatKey, ""]);
    interface PlanNode {
      "Parent Relationship"?: string;
      "Actual Loops"?: number;
      Alias?: string;
      Plans?: PlanNode[];
    }
    const aliasesOf = (node: PlanNode): string[] => [
      ...(node.Alias ? [node.Alias] : []),
      ...(node.Plans ?? []).flatMap(aliasesOf),
    ];
    const agentSubPlans: { aliases: string[]; loops: number }[] = [];
    const walk = (node: PlanNode) => {
      const aliases = aliasesOf(node);
      if (node["Parent Relationship"] === "SubPlan" && (aliases.includes("ac") || aliases.includes("kb")))
        agentSubPlans.push({ aliases, loops: node["Actual Loops"] ?? -1 });
      else for (const child of node.Plans ?? []) walk(child);
    };
    walk(rows[0]["QUERY PLAN"][0].Plan);
    expect(agentSubPlans.length).toBe(2);
    expect(agentSubPlans.map((plan) => plan.loops)).toEqual([0, 0]);
  });

  it("stores a replay record's already serialised response (responseJson) as it is, beside records serialised whole", async () => {
    const { sessionId, resultId } = await startSession();
    const createdAt = new Date("2026-11-29T05:00:00.000Z");
    const answerText = { messages: [{ text: 'Say "hi" — ✓ \u2028' }], input: null };
    const isCommitted = await commitChatTurn(pool, {
      sessionId,
      expectedTurn: 0,
      state: { step: 1 },
      expiresAt: new Date(Date.now() + 3_600_000),
      isCompleted: false,
      previewFlow: null,
      results: [],
      answers: [answer(resultId, 1)],
      visitedEdges: [],
      logs: [],
      records: [
        {
          scope: sessionId,
          key: "turn:0",
          statusCode: 200,
          // The text is what is written: the object beside it is not serialised again.
          response: { notWritten: true },
          responseJson: JSON.stringify(answerText),
          requestHash: "h0",
          createdAt,
        },
        {
          scope: sessionId,
          key: "idem:k",
          statusCode: 200,
          response: { whole: 1 },
          requestHash: "h1",
          createdAt,
        },
      ],
      activity: null,
    });
    expect(isCommitted).toBe(true);
    const records = await prisma.chatTurnRecord.findMany({ where: { sessionId }, orderBy: { key: "asc" } });
    expect(
      records.map(({ key, statusCode, response, requestHash, createdAt }) => ({
        key,
        statusCode,
        response,
        requestHash,
        createdAt,
      })),
    ).toEqual([
      { key: "idem:k", statusCode: 200, response: { whole: 1 }, requestHash: "h1", createdAt },
      { key: "turn:0", statusCode: 200, response: answerText, requestHash: "h0", createdAt },
    ]);
  });

  it("commits a turn only once when two writers read the same turn", async () => {
    const { sessionId, resultId } = await startSession();
    const commit = (content: string) =>
      commitChatTurn(pool, {
        sessionId,
        expectedTurn: 0,
        state: { step: 1, content },
        expiresAt: new Date(Date.now() + 3_600_000),
        isCompleted: false,
        previewFlow: null,
        results: [
          {
            id: resultId,
            botId,
            workspaceId,
            publishedBotId: null,
            variables: [],
            hasStarted: true,
            isCompleted: false,
          },
        ],
        answers: [{ ...answer(resultId, 1), content }],
        visitedEdges: [],
        logs: [
          {
            id: createId(),
            botId,
            resultId,
            status: "info",
            description: content,
            details: null,
            context: null,
          },
        ],
        records: [
          { scope: sessionId, key: "turn:0", statusCode: 200, response: { content }, requestHash: null },
        ],
        activity: null,
      });
    const outcomes = await Promise.all(["a", "b", "c", "d"].map(commit));
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await prisma.answer.count({ where: { resultId } })).toBe(2);
    expect(await prisma.log.count({ where: { sessionId } })).toBe(1);
    const session = await prisma.chatSession.findUniqueOrThrow({ where: { id: sessionId } });
    const record = await prisma.chatTurnRecord.findUniqueOrThrow({
      where: { sessionId_key: { sessionId, key: "turn:0" } },
    });
    expect(session.turn).toBe(1);
    expect(record.response).toEqual({ content: (session.state as { content: string }).content });
  });

  it("stores one session per guard record", async () => {
    const scope = `start:${botId}`;
    const key = `idem:${createId()}`;
    const create = () =>
      createChatSession(pool, {
        sessionId: createId(),
        botId,
        publishedBotId: null,
        isPreview: false,
        previewFlow: null,
        resultId: null,
        state: {},
        expiresAt: new Date(Date.now() + 3_600_000),
        isCompleted: false,
        guardRecord: { scope, key, statusCode: 200, response: {}, requestHash: "h" },
        results: [],
        answers: [],
        visitedEdges: [],
        logs: [],
        records: [],
        activity: null,
      });
    const before = await prisma.chatSession.count({ where: { botId } });
    const outcomes = await Promise.all([create(), create(), create()]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await prisma.chatSession.count({ where: { botId } })).toBe(before + 1);
  });
});
