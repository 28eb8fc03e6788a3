import { createId, getPrisma, observeStatements } from "@parley/db";
import { createWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import { indexKnowledgeSource } from "@parley/integrations/knowledge/indexKnowledgeSource";
import type { FakeProviderServer } from "@parley/integrations/testing/fakeProviderServer";
import { createTestApiKey } from "@parley/integrations/testing/integrationFixtures";
import { startFakeOpenAiServer } from "@parley/integrations/testing/openAiProtocolServer";
import { CLIENT_ADDRESS_HEADER } from "@parley/platform/http/clientAddress";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPortServices } from "./core/ports/createPortServices";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  publishTestBotVersion,
  readResponse,
} from "./testing/chatFixtures";
import { createLoopFlow, createTranslatedLoopFlow } from "./testing/createLoopFlow";
import { group, startEdge, startEvent } from "./testing/testFlows";

// The limits as an install runs them (CHAT_RATE_LIMIT_* defaults), counted in PostgreSQL.
const { chat } = createTestChat({ rateLimitsPerMinute: {} });

async function countStatements(run: () => Promise<Response>) {
  const statements: string[] = [];
  const stop = observeStatements((text) => statements.push(text));
  const response = await readResponse(await run());
  stop();
  expect(response.status).toBe(200);
  return statements;
}

async function measureFlow(groupCount: number, options: { isTranslated?: boolean } = {}) {
  const bot = await createPublishedTestBot(
    options.isTranslated ? createTranslatedLoopFlow(groupCount) : createLoopFlow(groupCount),
  );
  const start = () =>
    chat(
      chatRequest(`/bots/${bot.publicId}/startChat`, {
        token: bot.chatKey,
        body: options.isTranslated ? { language: "fr" } : {},
        headers: { [CLIENT_ADDRESS_HEADER]: `198.51.100.${groupCount % 250}` },
      }),
    );
  await readResponse(await start()); // the published version is now cached
  const startStatements = await countStatements(start);
  const { body } = await readResponse(await start());
  const turns: string[][] = [];
  for (let turn = 0; turn < 3; turn++) {
    turns.push(
      await countStatements(() =>
        chat(
          chatRequest(`/sessions/${body.sessionId}/continueChat`, {
            token: bot.chatKey,
            body: { message: `m${turn}` },
          }),
        ),
      ),
    );
  }
  return { startStatements, turns };
}

describe("SQL statements per request", () => {
  it("answers a text turn with 3 statements (the session's rate limit, one read, one write), for 10 and 3,000 blocks alike", async () => {
    const small = await measureFlow(5);
    const large = await measureFlow(1_500);
    for (const turn of [...small.turns, ...large.turns]) {
      expect(turn).toHaveLength(3);
      expect(turn[0]).toMatch(/^\s*INSERT INTO "RateLimit"/);
      expect(turn[1]).toMatch(/FROM \(SELECT 1\) one\s+LEFT JOIN "ChatSession"/);
      expect(turn[2]).toMatch(/^WITH s AS \(\s+UPDATE "ChatSession"/);
    }
    // startChat: the limits per address and per key, bot + credential, the chats limit, the session
    // with its result.
    for (const start of [small.startStatements, large.startStatements]) {
      expect(start).toHaveLength(5);
      expect(start.slice(0, 2).every((statement) => /^\s*INSERT INTO "RateLimit"/.test(statement))).toBe(
        true,
      );
    }
  });
});

describe("SQL statements of a translated bot", () => {
  it("adds none: a turn in French on a bot of 10 languages is the same 3 statements, its start the same 5", async () => {
    const translated = await measureFlow(5, { isTranslated: true });
    for (const turn of translated.turns) {
      expect(turn).toHaveLength(3);
      expect(turn[2]).toMatch(/^WITH s AS \(\s+UPDATE "ChatSession"/);
    }
    expect(translated.startStatements).toHaveLength(5);
  });
});

describe("SQL statements of a bot running a canary release", () => {
  it("adds none: the version is drawn in the statement that reads the bot, its start the same 5 on either version", async () => {
    const bot = await createPublishedTestBot(createLoopFlow(5));
    const prisma = getPrisma();
    const current = await prisma.bot.findUniqueOrThrow({ where: { id: bot.botId } });
    const canaryId = await publishTestBotVersion(bot.botId, createLoopFlow(6));
    await prisma.bot.update({ where: { id: bot.botId }, data: { publishedBotId: current.publishedBotId } });
    await prisma.canaryRelease.create({ data: { botId: bot.botId, publishedBotId: canaryId, percent: 50 } });
    let address = 0;
    // An address per start: the install's limits per address stay out of the way.
    const start = () =>
      chat(
        chatRequest(`/bots/${bot.publicId}/startChat`, {
          token: bot.chatKey,
          body: {},
          headers: { [CLIENT_ADDRESS_HEADER]: `203.0.113.${++address}` },
        }),
      );
    // Both versions cached (each process reads a version's flow once, as without a canary).
    for (let warm = 0; warm < 12; warm++) await readResponse(await start());
    const counts: number[] = [];
    for (let index = 0; index < 8; index++) {
      const statements = await countStatements(start);
      counts.push(statements.length);
      expect(statements[2]).toMatch(/LEFT JOIN "CanaryRelease" cr/);
    }
    expect(counts).toEqual(Array(8).fill(5));
    const sessions = await prisma.chatSession.groupBy({
      by: ["publishedBotId"],
      where: { botId: bot.botId },
      _count: { _all: true },
    });
    expect(sessions).toHaveLength(2); // 20 draws at 50 %: both versions drawn, but once in 500,000 runs
  });
});

describe("SQL statements of an AI agent's turn", () => {
  const apiKey = createTestApiKey();
  let openai: FakeProviderServer;
  beforeAll(async () => {
    openai = await startFakeOpenAiServer(apiKey);
  });
  afterAll(() => openai.close());
  const agentChat = createTestChat({
    rateLimitsPerMinute: {},
    services: createPortServices({ httpAllowList: ["127.0.0.1"] }),
  }).chat;

  it("answers a message to an agent with the turn's 3 statements, and one more per search: its retrieval", async () => {
    const prisma = getPrisma();
    const bot = await createPublishedTestBot({ events: [], groups: [], edges: [], variables: [] });
    const credentials = await createWorkspaceCredentials(prisma, bot.workspaceId, {
      type: "openai",
      name: "openai",
      data: { apiKey, baseUrl: `${openai.origin}/v1` },
    });
    const base = await prisma.knowledgeBase.create({
      data: {
        id: createId(),
        workspaceId: bot.workspaceId,
        name: "Help",
        credentialsId: credentials.id,
        embeddingModel: "m",
      },
    });
    const source = await prisma.knowledgeSource.create({
      data: {
        id: createId(),
        knowledgeBaseId: base.id,
        type: "text",
        name: "Returns",
        text: "Returns are free.",
      },
    });
    await indexKnowledgeSource(prisma, source.id, { allowList: ["127.0.0.1"] });
    await publishTestBotVersion(bot.botId, {
      events: [startEvent],
      groups: [
        group("g", [
          {
            id: "b-agent",
            type: "AI agent",
            items: [],
            options: { credentialsId: credentials.id, model: "m", knowledgeBaseIds: [base.id] },
          },
        ]),
      ],
      edges: [startEdge("g")],
      variables: [],
    });
    const start = await readResponse(
      await agentChat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
    );
    const send = (message: string) =>
      countStatements(() =>
        agentChat(
          chatRequest(`/sessions/${start.body.sessionId}/continueChat`, {
            token: bot.chatKey,
            body: { message },
          }),
        ),
      );
    openai.script({ text: "Hello!" });
    const withoutSearch = await send("Hi");
    openai.script(
      { toolCalls: [{ id: "c1", name: "search_knowledge", arguments: '{"query":"returns"}' }] },
      { text: "Free [1]." },
    );
    await send("Warm the vector index up");
    openai.script(
      { toolCalls: [{ id: "c2", name: "search_knowledge", arguments: '{"query":"returns"}' }] },
      { text: "Free [1]." },
    );
    const withSearch = await send("Returns?");
    // The turn's 3: its read statement reads the agent's credentials and knowledge bases (with their embeddings
    // credentials) with the session, as the state the previous turn wrote names them.
    expect(withoutSearch).toHaveLength(3);
    expect(withoutSearch[1]).toMatch(/FROM \(SELECT 1\) one\s+LEFT JOIN "ChatSession"/);
    expect(withoutSearch[1]).toMatch(/FROM "Credentials" ac/);
    expect(withoutSearch[1]).toMatch(/FROM "KnowledgeBase" kb/);
    // A search adds its retrieval: one statement ranking the full-text candidates, fusing them with the vector
    // candidates (the graph is in memory once warm) and reading the passages with their source.
    expect(withSearch).toHaveLength(4);
    expect(withSearch.slice(0, 2)).toEqual(withoutSearch.slice(0, 2));
    expect(withSearch[2]).toMatch(/FULL JOIN vector_rank/);
    expect(withSearch[2]).toMatch(/JOIN "KnowledgeSource"/);
    expect(withSearch[3]).toMatch(/^WITH s AS \(\s+UPDATE "ChatSession"/);
  });
});
