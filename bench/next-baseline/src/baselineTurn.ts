// The baselines of bench/chat.ts (B-next, B-tx): the SQL of a chat turn with raw pg
// and nothing else (no engine, validation, auth checks or logging). They call the very query
// functions the chat handlers call, so the database work is the same by construction.
import { readFileSync } from "node:fs";
import { createId, getPgPool, getPrisma } from "@parley/db";
import { commitChatTurn } from "@parley/db/queries/commitChatTurn";
import { createChatSession } from "@parley/db/queries/createChatSession";
import { readBotForChat } from "@parley/db/queries/readBotForChat";
import { readChatSession } from "@parley/db/queries/readChatSession";
import { isChatsLimitReached } from "@parley/platform/billing/isChatsLimitReached";

/** A real startChat / continueChat of the benchmark flow, captured by the bench, replayed as constant data. */
interface BaselinePayload {
  startState: unknown;
  startResponse: Record<string, unknown>;
  turnState: unknown;
  turnResponse: unknown;
  resultVariables: unknown;
}

let payload: BaselinePayload | undefined;
function getPayload(): BaselinePayload {
  payload ??= JSON.parse(readFileSync(process.env.BENCH_BASELINE_PAYLOAD ?? "", "utf8")) as BaselinePayload;
  return payload;
}

const bearer = (header: string | null) => (header ?? "").replace(/^Bearer\s+/i, "");
const hourFromNow = () => new Date(Date.now() + 3_600_000);

export async function handleBaselineStart(publicId: string, authorization: string | null, body: unknown) {
  const pool = getPgPool();
  const read = await readBotForChat(pool, {
    lookup: "publicId",
    value: publicId,
    credential: { kind: "chatKey", key: bearer(authorization) },
    recordKey: null,
  });
  const bot = read.bot;
  if (!bot?.publishedBotId || read.credential.credentialBotId !== bot.id) return { status: 403, body: {} };
  await isChatsLimitReached(getPrisma(), bot.workspaceId);
  const sessionId = createId();
  const resultId = createId();
  const data = getPayload();
  await createChatSession(pool, {
    sessionId,
    botId: bot.id,
    publishedBotId: bot.publishedBotId,
    isPreview: false,
    previewFlow: null,
    resultId,
    state: data.startState,
    expiresAt: hourFromNow(),
    isCompleted: false,
    guardRecord: null,
    results: [
      {
        id: resultId,
        botId: bot.id,
        workspaceId: bot.workspaceId,
        publishedBotId: bot.publishedBotId,
        variables: [],
        hasStarted: false,
        isCompleted: false,
      },
    ],
    answers: [],
    visitedEdges: [],
    logs: [],
    records: [],
    activity: null,
  });
  return { status: 200, body: { ...data.startResponse, sessionId, resultId, echo: body !== undefined } };
}

export async function handleBaselineTurn(sessionId: string, authorization: string | null, body: unknown) {
  const pool = getPgPool();
  const read = await readChatSession(pool, {
    sessionId,
    credential: { kind: "chatKey", key: bearer(authorization) },
    recordKey: null,
  });
  const session = read.session;
  if (!session?.resultId || read.credential.credentialBotId !== session.botId)
    return { status: 403, body: {} };
  const data = getPayload();
  const message = (body as { message?: unknown } | undefined)?.message;
  await commitChatTurn(pool, {
    sessionId,
    expectedTurn: session.turn,
    state: data.turnState,
    expiresAt: hourFromNow(),
    isCompleted: false,
    previewFlow: null,
    results: [
      {
        id: session.resultId,
        botId: session.botId,
        workspaceId: session.workspaceId,
        publishedBotId: session.publishedBotId,
        variables: data.resultVariables,
        hasStarted: true,
        isCompleted: false,
      },
    ],
    answers: [
      {
        id: createId(),
        resultId: session.resultId,
        index: session.turn,
        blockId: "b-0-input",
        groupId: "g-0",
        itemId: null,
        variableId: "v-answer",
        content: typeof message === "string" ? message : JSON.stringify(message ?? ""),
        attachedFileUrls: null,
      },
    ],
    visitedEdges: [],
    logs: [],
    records: [
      {
        scope: sessionId,
        key: `turn:${session.turn}`,
        statusCode: 200,
        response: data.turnResponse,
        requestHash: null,
      },
    ],
    activity: null,
  });
  return { status: 200, body: data.turnResponse };
}
