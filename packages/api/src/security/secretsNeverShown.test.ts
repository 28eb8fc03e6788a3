import { inspect } from "node:util";
import { getPrisma } from "@parley/db";
import { getJobQueue, stopJobQueue } from "@parley/db/queue";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // The builder's procedures use the server's allow-list: the local servers run on 127.0.0.1.
  process.env.OUTBOUND_ALLOWED_HOSTS = "127.0.0.1";
});

import { createPortServices } from "@parley/chat/core/ports/createPortServices";
import { completionBlock, createAskThenAiFlow, textBubble } from "@parley/chat/testing/askThenAiFlow";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  publishTestBotVersion,
  readResponse,
} from "@parley/chat/testing/chatFixtures";
import { emailSendJob, runEmailJob } from "@parley/integrations/email/emailSendJob";
import { indexKnowledgeSource } from "@parley/integrations/knowledge/indexKnowledgeSource";
import { startFakeAnthropicServer } from "@parley/integrations/testing/anthropicProtocolServer";
import type { FakeProviderServer } from "@parley/integrations/testing/fakeProviderServer";
import { createTestApiKey } from "@parley/integrations/testing/integrationFixtures";
import { startFakeOpenAiServer } from "@parley/integrations/testing/openAiProtocolServer";
import { type LocalSmtpServer, startSmtpServer } from "@parley/integrations/testing/startSmtpServer";
import { logger } from "@parley/platform/logger";
import { appRouter } from "../routers/appRouter";
import { callApi } from "../testing/fixtures";
import { createCallerFactory } from "../trpc";

/** Every secret this run hands to the product; none may come back out. */
const secrets = {
  openAiKey: createTestApiKey("sk-proj"),
  anthropicKey: createTestApiKey("sk-ant"),
  refusedKey: createTestApiKey("sk-refused"),
  rejectedInputKey: createTestApiKey("sk-rejected"),
  smtpPassword: `smtp-${createTestApiKey("pw")}`,
};

/** Log lines of the run: the server's logger (at trace level) and the console. */
const captured: string[] = [];
const bodies: unknown[] = [];
let openai: FakeProviderServer;
let anthropic: FakeProviderServer;
let smtp: LocalSmtpServer;
let restoreLogger: () => void;

beforeAll(async () => {
  const stream = (logger as unknown as Record<symbol, { write: (line: string) => boolean }>)[
    pino.symbols.streamSym
  ]!;
  const write = stream.write;
  const level = logger.level;
  stream.write = (line: string) => {
    captured.push(String(line));
    return true;
  };
  logger.level = "trace";
  for (const method of ["log", "info", "warn", "error", "debug"] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      captured.push(
        args.map((arg) => (typeof arg === "string" ? arg : inspect(arg, { depth: 8 }))).join(" "),
      );
    });
  restoreLogger = () => {
    stream.write = write;
    logger.level = level;
    vi.restoreAllMocks();
  };
  openai = await startFakeOpenAiServer(secrets.openAiKey);
  anthropic = await startFakeAnthropicServer(secrets.anthropicKey);
  smtp = await startSmtpServer({ auth: { user: "bot", pass: "the-server-expects-another-password" } });
});
afterAll(async () => {
  restoreLogger();
  await Promise.all([openai.close(), anthropic.close(), smtp.close()]);
  // The knowledge sources' indexing jobs the run queued (run here directly instead).
  await stopJobQueue();
});

const rest = async (method: string, path: string, token: string, body?: unknown) => {
  const response = await callApi(method, path, { token, body });
  bodies.push(response.body);
  return response;
};

/** Ask → streamed OpenAI answer → Anthropic answer → OpenAI on a refused key → e-mail refused → ask. */
const createFlow = (ids: Record<"openai" | "anthropic" | "refused" | "smtp", string>) =>
  createAskThenAiFlow(
    [
      completionBlock("b-openai", "openai", ids.openai, [{ item: "Message content", variableId: "v-a" }]),
      textBubble("b-show", "{{Answer}}"),
      completionBlock("b-anthropic", "anthropic", ids.anthropic, [
        { item: "Message content", variableId: "v-b" },
      ]),
      textBubble("b-second", "Claude: {{Second}}"),
      completionBlock("b-refused", "openai", ids.refused, [{ item: "Message content", variableId: "v-b" }]),
      {
        id: "b-mail",
        type: "Email",
        options: { credentialsId: ids.smtp, recipients: ["a@example.com"], subject: "Hi" },
      },
      { id: "b-end", type: "text input", options: {} },
    ],
    [
      { id: "v-a", name: "Answer" },
      { id: "v-b", name: "Second" },
    ],
  );

describe("API keys and passwords never come back out", () => {
  it("in no response body, streamed text, stored log or log line of the run", async () => {
    const bot = await createPublishedTestBot({ events: [], groups: [], edges: [], variables: [] });
    const { token } = bot.owner;
    const workspaceId = bot.workspaceId;
    const create = async (credentials: Record<string, unknown>) => {
      const created = await rest("POST", "/credentials", token, { workspaceId, credentials });
      expect(created.status).toBe(200);
      return created.body.credentials.id as string;
    };
    const ids = {
      openai: await create({
        type: "openai",
        name: "OpenAI",
        data: { apiKey: secrets.openAiKey, baseUrl: `${openai.origin}/v1` },
      }),
      anthropic: await create({
        type: "anthropic",
        name: "Claude",
        data: { apiKey: secrets.anthropicKey, baseUrl: anthropic.origin },
      }),
      refused: await create({
        type: "openai",
        name: "Old key",
        data: { apiKey: secrets.refusedKey, baseUrl: `${openai.origin}/v1` },
      }),
      smtp: await create({
        type: "smtp",
        name: "Mail",
        data: {
          host: "127.0.0.1",
          port: smtp.port,
          isTlsEnabled: false,
          username: "bot",
          password: secrets.smtpPassword,
          from: { email: "bot@parley.test" },
        },
      }),
    };
    const rejected = await rest("POST", "/credentials", token, {
      workspaceId,
      credentials: { type: "openai", name: "", data: { apiKey: secrets.rejectedInputKey, baseUrl: 42 } },
    });
    expect(rejected.status).toBe(400);
    expect((await rest("GET", `/credentials?workspaceId=${workspaceId}`, token)).status).toBe(200);
    expect(
      (
        await rest("PATCH", `/credentials/${ids.refused}`, token, {
          workspaceId,
          credentials: { name: "Older" },
        })
      ).status,
    ).toBe(200);

    // A live chat over the chat endpoints, streamed, through every failure kind.
    await publishTestBotVersion(bot.botId, createFlow(ids));
    const { chat: api } = createTestChat({
      services: createPortServices({ httpAllowList: ["127.0.0.1"] }),
    });
    const chat = async (path: string, body: unknown) => {
      const response = await readResponse(await api(chatRequest(path, { token: bot.chatKey, body })));
      bodies.push(response.body);
      return response;
    };
    const start = await chat(`/bots/${bot.publicId}/startChat`, {
      isStreamEnabled: true,
    });
    const sessionId = start.body.sessionId as string;
    const turn = await chat(`/sessions/${sessionId}/continueChat`, {
      message: "Hello",
    });
    expect(turn.body.clientSideActions[0]).toMatchObject({ type: "stream" });
    const streamed = await (
      await api(chatRequest(`/sessions/${sessionId}/streamMessage`, { token: bot.chatKey, body: {} }))
    ).text();
    bodies.push(streamed);
    expect(streamed).toBe("You said: Hello");
    const last = await chat(`/sessions/${sessionId}/continueChat`, {
      message: streamed,
    });
    expect(last.status).toBe(200);
    expect(last.body.input.id).toBe("b-end");
    // The queued e-mail's jobs, each run as its last try: the SMTP server's refusal goes to the result's logs.
    while (
      (await getJobQueue().runOne(emailSendJob, (sealed, job) =>
        runEmailJob(sealed, { ...job, retryCount: emailSendJob.retryLimit }, { allowList: ["127.0.0.1"] }),
      )) !== "none"
    );
    const stored = await getPrisma().log.findMany({ where: { botId: bot.botId } });
    expect(stored.map((log) => log.description)).toEqual(
      expect.arrayContaining(["OpenAI chat completion failed", "E-mail could not be sent"]),
    );

    // The builder's procedures: model lists and block tests, refused keys included.
    const caller = createCallerFactory(appRouter)({
      prisma: getPrisma(),
      logger,
      requestId: "secrets-test",
      authenticate: async () => ({ id: bot.owner.user.id, email: bot.owner.email, name: null }),
    });
    bodies.push(
      await caller.integrations.listAiModels({ workspaceId, blockType: "openai", credentialsId: ids.openai }),
    );
    const refusedList = await caller.integrations
      .listAiModels({ workspaceId, blockType: "openai", credentialsId: ids.refused })
      .catch((error: unknown) => error);
    expect(refusedList).toBeInstanceOf(Error);
    bodies.push(String(refusedList), inspect(refusedList, { depth: 8 }));
    const aiGroup = createFlow(ids).groups[1] as { blocks: { id: string }[] };
    for (const block of aiGroup.blocks.filter(
      (block) => block.id !== "b-end" && !block.id.startsWith("b-s"),
    )) {
      bodies.push(
        await caller.integrations.testBlock({
          botId: bot.botId,
          block: block as { id: string; type: string; options: Record<string, unknown> },
          variables: [{ id: "v-question", name: "Question", value: "Test" }],
        }),
      );
    }
    bodies.push((await rest("GET", `/bots/${bot.botId}`, token)).body);

    // Knowledge bases: indexing and search with a working and a refused key.
    for (const credentialsId of [ids.openai, ids.refused]) {
      const base = await rest("POST", "/knowledgeBases", token, {
        workspaceId,
        knowledgeBase: { name: "Help", credentialsId, embeddingModel: "text-embedding-3-small" },
      });
      const knowledgeBaseId = base.body.knowledgeBase.id as string;
      const source = await rest("POST", `/knowledgeBases/${knowledgeBaseId}/sources`, token, {
        source: { type: "text", name: "Returns", text: "# Returns\n\nWithin 30 days." },
      });
      await indexKnowledgeSource(getPrisma(), source.body.source.id, { allowList: ["127.0.0.1"] });
      const file = await callApi("POST", `/knowledgeBases/${knowledgeBaseId}/files?name=returns.md`, {
        token,
        body: "# Returns\n\nWithin 30 days.",
        headers: { "content-type": "text/markdown" },
      });
      expect(file.status).toBe(200);
      bodies.push(file.body);
      await indexKnowledgeSource(getPrisma(), file.body.source.id, { allowList: ["127.0.0.1"] });
      bodies.push(
        base.body,
        (await rest("GET", `/knowledgeBases/${knowledgeBaseId}/sources`, token)).body,
        (
          await rest(
            "GET",
            `/knowledgeBases/${knowledgeBaseId}/sources/${source.body.source.id}/pages`,
            token,
          )
        ).body,
        (await rest("POST", `/knowledgeBases/${knowledgeBaseId}/query`, token, { query: "returns", topK: 3 }))
          .body,
      );
    }
    expect(JSON.stringify(bodies)).toContain("EMBEDDINGS_FAILED");

    const everything = JSON.stringify([bodies, stored]) + captured.join("\n");
    expect(captured.length).toBeGreaterThan(10);
    expect(captured.join("\n")).toMatch(/credentials|procedure|request/i);
    for (const [name, secret] of Object.entries(secrets)) {
      expect(everything.includes(secret), `${name} shown`).toBe(false);
      expect(everything.includes(secret.slice(-12)), `end of ${name} shown`).toBe(false);
    }
  });
});
