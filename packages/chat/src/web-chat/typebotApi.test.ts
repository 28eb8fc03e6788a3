// Typebot's chat API served beside ours (docs/typebot-compat.md): its shapes, the keyless path and what it
// cannot reach.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { getPrisma } from "@parley/db";
import { createLocalStorage } from "@parley/integrations/files/createUploadStorage";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { errorBodySchema } from "@parley/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatEnv } from "../core/env";
import { chatRequest, createPublishedTestBot, createTestChat, readResponse } from "../testing/chatFixtures";
import type { TestFlow } from "../testing/testFlow";
import {
  createColourChoiceFlow,
  createFileFlow,
  createGreetingFlow,
  group,
  startEdge,
  startEvent,
  text,
  textOf,
} from "../testing/testFlows";

const prisma = getPrisma();
let directory = "";
let chat: ReturnType<typeof createTestChat>["chat"];

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "parley-typebot-"));
  chat = createTestChat({
    uploads: { storage: createLocalStorage(directory), maxBytes: 1024, viewerUrl: "http://localhost:3001" },
  }).chat;
});
afterAll(() => rm(directory, { recursive: true, force: true }));

type Options = { token?: string; body?: unknown; headers?: Record<string, string>; method?: string };

/** A request to any path of the chat URL (Typebot's /api/v2 and /api/v3 too). */
const call = async (pathname: string, options: Options = {}) =>
  readResponse(
    await chat(
      new Request(`http://localhost:3001${pathname}`, {
        method: options.method ?? "POST",
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      }),
    ),
  );

const startTypebot = (publicId: string, options: Options = {}) =>
  call(`/api/v1/typebots/${publicId}/startChat`, { body: { isStreamEnabled: true }, ...options });
const continueChat = (sessionId: string, message: string, options: Options = {}) =>
  call(`/api/v1/sessions/${sessionId}/continueChat`, { body: { message }, ...options });

const expectError = (response: { status: number; body: unknown }, status: number, issueCode?: string) => {
  expect(response.status).toBe(status);
  const body = errorBodySchema.parse(response.body);
  if (issueCode) expect(body.issues.map((issue) => issue.code)).toContain(issueCode);
  return body;
};

/** A published bot in a workspace whose Typebot compatibility is `compatibility` (null: as imported). */
async function createTypebotBot(flow: TestFlow, compatibility: boolean | null = true) {
  const bot = await createPublishedTestBot(flow);
  await prisma.workspace.update({
    where: { id: bot.workspaceId },
    data: { typebotCompatibility: compatibility },
  });
  return bot;
}

describe("POST /api/v1/typebots/{publicId}/startChat", () => {
  it("starts keyless in Typebot's shape, and the session continues without a key", async () => {
    const bot = await createTypebotBot(createGreetingFlow());
    const start = await startTypebot(bot.publicId);
    expect(start.status).toBe(200);
    expect(start.body.bot).toBeUndefined();
    expect(start.body.typebot).toMatchObject({ id: bot.botId, version: "6.1" });
    expect(start.body.typebot.settings.general).toBeDefined();
    // The font as Typebot's client loads it without a third party: the viewer's stylesheet of the default font.
    expect(start.body.typebot.theme.general.font).toEqual({
      type: "Custom",
      family: "Inter",
      url: `${chatEnv.VIEWER_URL.replace(/\/+$/, "")}/fonts/inter.css`,
    });
    expect(start.body.messages.map(textOf)).toEqual(["Hello !"]);
    const session = await prisma.chatSession.findUniqueOrThrow({ where: { id: start.body.sessionId } });
    expect(session).toMatchObject({ isKeyless: true, isTypebotClient: true, botId: bot.botId });

    const next = await continueChat(start.body.sessionId, "Ada");
    expect(next.status).toBe(200);
    expect(next.body.input.type).toBe("email input");
  });

  it("refuses a keyless start when the workspace's Typebot compatibility is off, and follows the import's default", async () => {
    const bot = await createTypebotBot(createGreetingFlow(), null);
    expectError(await startTypebot(bot.publicId), 401, "CHAT_KEY_REQUIRED");
    // A Typebot export imported into the workspace turns it on while no admin has set it...
    await prisma.workspace.update({
      where: { id: bot.workspaceId },
      data: { typebotImportedAt: new Date() },
    });
    expect((await startTypebot(bot.publicId)).status).toBe(200);
    // ...and an admin's choice wins.
    await prisma.workspace.update({ where: { id: bot.workspaceId }, data: { typebotCompatibility: false } });
    expectError(await startTypebot(bot.publicId), 401, "CHAT_KEY_REQUIRED");
  });

  it("cannot reach a bot whose public share is off, an unpublished bot, or an unknown one", async () => {
    const shareOff = await createTypebotBot(createGreetingFlow({ publicShare: { isEnabled: false } }));
    expectError(await startTypebot(shareOff.publicId), 401, "CHAT_KEY_REQUIRED");
    // Its chat key still works on Typebot's path.
    expect((await startTypebot(shareOff.publicId, { token: shareOff.chatKey })).status).toBe(200);

    const unpublished = await createTypebotBot(createGreetingFlow());
    await prisma.bot.update({ where: { id: unpublished.botId }, data: { publishedBotId: null } });
    expectError(await startTypebot(unpublished.publicId), 400, "BOT_NOT_FOUND");
    expectError(await startTypebot("no-such-bot-here"), 400, "BOT_NOT_FOUND");
  });

  it("applies the bot's allowedOrigins to keyless calls, start and continue", async () => {
    const bot = await createTypebotBot(
      createGreetingFlow({ security: { allowedOrigins: ["https://shop.example"] } }),
    );
    expectError(await startTypebot(bot.publicId), 403, "ORIGIN_NOT_ALLOWED");
    expectError(
      await startTypebot(bot.publicId, { headers: { origin: "https://evil.example" } }),
      403,
      "ORIGIN_NOT_ALLOWED",
    );
    const start = await startTypebot(bot.publicId, { headers: { origin: "https://shop.example" } });
    expect(start.status).toBe(200);
    expectError(
      await continueChat(start.body.sessionId, "Ada", { headers: { origin: "https://evil.example" } }),
      403,
      "ORIGIN_NOT_ALLOWED",
    );
    const next = await continueChat(start.body.sessionId, "Ada", {
      headers: { origin: "https://shop.example" },
    });
    expect(next.status).toBe(200);
  });

  it("keeps the key on sessions started with one, on either path", async () => {
    const bot = await createTypebotBot(createGreetingFlow());
    const ours = await readResponse(
      await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
    );
    expect(ours.status).toBe(200);
    expectError(await continueChat(ours.body.sessionId, "Ada"), 401);

    const typebotKeyed = await startTypebot(bot.publicId, { token: bot.chatKey });
    expect(typebotKeyed.status).toBe(200);
    expect(typebotKeyed.body.typebot).toBeDefined();
    expectError(await continueChat(typebotKeyed.body.sessionId, "Ada"), 401);
    expect((await continueChat(typebotKeyed.body.sessionId, "Ada", { token: bot.chatKey })).status).toBe(200);

    // Our own path never starts keyless, whatever the workspace's setting.
    expectError(
      await readResponse(await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { body: {} }))),
      401,
    );
  });

  it("a keyless session reaches nothing else: not updateBot, not another bot's session, not when the workspace turns it off", async () => {
    const bot = await createTypebotBot(createGreetingFlow());
    const start = await startTypebot(bot.publicId);
    expectError(await call(`/api/v1/sessions/${start.body.sessionId}/updateBot`), 401);

    const other = await createTypebotBot(createGreetingFlow());
    const otherStart = await readResponse(
      await chat(chatRequest(`/bots/${other.publicId}/startChat`, { token: other.chatKey, body: {} })),
    );
    // Its own chat key does not open another bot's session.
    expectError(await continueChat(otherStart.body.sessionId, "Ada", { token: bot.chatKey }), 403);
    expectError(await continueChat(otherStart.body.sessionId, "Ada"), 401);
    expectError(await continueChat("no-such-session", "Ada"), 401);

    await prisma.workspace.update({ where: { id: bot.workspaceId }, data: { typebotCompatibility: false } });
    expectError(await continueChat(start.body.sessionId, "Ada"), 401);
  });

  it("leaves out a null lastBubbleBlockId and shows a searchable choice's buttons by default", async () => {
    const flow: TestFlow = {
      events: [startEvent],
      groups: [
        group("g-1", [
          { id: "b-script", type: "Code", options: { content: "console.log('first')" } },
          text("b-hi", "Hi"),
          { id: "b-after", type: "Code", options: { content: "console.log('after')" } },
          {
            id: "b-pick",
            type: "choice input",
            items: [
              { id: "i-red", content: "Red" },
              { id: "i-blue", content: "Blue" },
            ],
            options: { isSearchable: true },
          },
        ]),
      ],
      edges: [startEdge("g-1")],
      variables: [],
    };
    const bot = await createTypebotBot(flow);
    const start = await startTypebot(bot.publicId);
    expect(start.status).toBe(200);
    const [first, after] = start.body.clientSideActions;
    expect("lastBubbleBlockId" in first).toBe(false);
    expect(after.lastBubbleBlockId).toBe("b-hi");
    expect(start.body.input.options.areInitialSearchButtonsVisible).toBe(true);

    // Our path keeps its contract: null, and the option as stored.
    const ours = await readResponse(
      await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
    );
    expect(ours.body.clientSideActions[0].lastBubbleBlockId).toBeNull();
    expect(ours.body.input.options.areInitialSearchButtonsVisible).toBeUndefined();
  });

  it("answers continueChat of a Typebot session in Typebot's shape", async () => {
    const flow = createColourChoiceFlow([
      { id: "i-red", content: "Red" },
      { id: "i-blue", content: "Blue" },
    ]);
    flow.groups = [
      group("g-0", [
        { id: "b-name", type: "text input", options: {} },
        { id: "b-script", type: "Code", options: { content: "console.log('no bubble')" } },
      ]),
      ...flow.groups,
    ];
    flow.edges = [startEdge("g-0"), { id: "e-next", from: { blockId: "b-script" }, to: { groupId: "g-1" } }];
    (flow.groups[0] as { blocks: { outgoingEdgeId?: string }[] }).blocks[1]!.outgoingEdgeId = "e-next";
    const bot = await createTypebotBot(flow);
    const start = await startTypebot(bot.publicId);
    const next = await continueChat(start.body.sessionId, "Ada");
    expect(next.status).toBe(200);
    expect(next.body.clientSideActions).toHaveLength(1);
    expect("lastBubbleBlockId" in next.body.clientSideActions[0]).toBe(false);
    expect(next.body.input.options.areInitialSearchButtonsVisible).toBe(true);
  });
});

describe("POST /api/v1/typebots/{botId}/preview/startChat", () => {
  it("stays behind the builder's sign-in: never keyless, never another workspace", async () => {
    const bot = await createTypebotBot(createGreetingFlow());
    const previewPath = `/api/v1/typebots/${bot.botId}/preview/startChat`;
    expectError(await call(previewPath, { body: { typebot: bot.botId } }), 401);
    expectError(await call(previewPath, { body: {}, token: bot.chatKey }), 403);
    const stranger = await createTestUser();
    expectError(await call(previewPath, { body: {}, token: stranger.token }), 403);

    const preview = await call(previewPath, {
      body: { typebot: bot.botId, isStreamEnabled: true },
      token: bot.owner.token,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.typebot.id).toBe(bot.botId);
    expect(preview.body.resultId).toBeUndefined();
    const session = await prisma.chatSession.findUniqueOrThrow({ where: { id: preview.body.sessionId } });
    expect(session).toMatchObject({ isPreview: true, isTypebotClient: true, isKeyless: false });
    expectError(await continueChat(preview.body.sessionId, "Ada"), 401);
  });
});

describe("POST /api/v2/sessions/{sessionId}/clientLogs", () => {
  it("stores the client's logs as the result's logs", async () => {
    const bot = await createTypebotBot(createGreetingFlow());
    const start = await startTypebot(bot.publicId);
    const sent = await call(`/api/v2/sessions/${start.body.sessionId}/clientLogs`, {
      body: {
        clientLogs: [
          {
            status: "error",
            description: "Script failed",
            details: { name: "ReferenceError" },
            context: "b-x",
          },
        ],
      },
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: "success" });
    const logs = await prisma.log.findMany({ where: { resultId: start.body.resultId } });
    expect(logs).toMatchObject([
      {
        botId: bot.botId,
        sessionId: start.body.sessionId,
        status: "error",
        description: "Script failed",
        details: '{"name":"ReferenceError"}',
        context: "b-x",
      },
    ]);
  });

  it("refuses bad logs and sessions that need a key", async () => {
    const bot = await createTypebotBot(createGreetingFlow());
    const start = await startTypebot(bot.publicId);
    expectError(
      await call(`/api/v2/sessions/${start.body.sessionId}/clientLogs`, {
        body: { clientLogs: [{ status: "panic", description: "x" }] },
      }),
      400,
    );
    const keyed = await startTypebot(bot.publicId, { token: bot.chatKey });
    expectError(
      await call(`/api/v2/sessions/${keyed.body.sessionId}/clientLogs`, {
        body: { clientLogs: [{ status: "info", description: "x" }] },
      }),
      401,
    );
  });
});

describe("POST /api/v3/generate-upload-url", () => {
  it("grants a keyless session's file input an upload its client PUTs without a key", async () => {
    const bot = await createTypebotBot(createFileFlow());
    const start = await startTypebot(bot.publicId);
    const granted = await call("/api/v3/generate-upload-url", {
      body: {
        sessionId: start.body.sessionId,
        blockId: "b-file",
        fileName: "report.pdf",
        fileType: "application/pdf",
        fileSize: 11,
      },
    });
    expect(granted.status).toBe(200);
    expect(granted.body).toEqual({
      presignedUrl: expect.stringMatching(/^http:\/\/localhost:3001\/api\/v1\/sessions\/.+\/uploads\//),
      formData: {},
      fileUrl: expect.any(String),
    });
    const uploaded = await readResponse(
      await chat(
        new Request(granted.body.presignedUrl, {
          method: "PUT",
          headers: { "content-type": "application/pdf", "cache-control": "public, max-age=86400" },
          body: "%PDF-1.4 hi",
        }),
      ),
    );
    expect(uploaded.status).toBe(200);
    const file = await chat(new Request(granted.body.fileUrl));
    expect(file.status).toBe(200);
    expect(await file.text()).toBe("%PDF-1.4 hi");

    expectError(
      await call("/api/v3/generate-upload-url", {
        body: {
          sessionId: start.body.sessionId,
          fileName: "x.exe",
          fileType: "application/x-msdownload",
          fileSize: 3,
        },
      }),
      400,
      "FILE_TYPE_NOT_ALLOWED",
    );
  });

  it("refuses a session that needs a key, and a missing session", async () => {
    const bot = await createTypebotBot(createFileFlow());
    const keyed = await startTypebot(bot.publicId, { token: bot.chatKey });
    const body = {
      sessionId: keyed.body.sessionId,
      fileName: "a.pdf",
      fileType: "application/pdf",
      fileSize: 3,
    };
    expectError(await call("/api/v3/generate-upload-url", { body }), 401);
    expect((await call("/api/v3/generate-upload-url", { body, token: bot.chatKey })).status).toBe(200);
    expectError(await call("/api/v3/generate-upload-url", { body: { ...body, sessionId: "missing" } }), 401);
  });
});

describe("CORS preflight of Typebot's client", () => {
  it("allows the headers Typebot's client sends", async () => {
    const response = await chat(
      new Request("http://localhost:3001/api/v1/typebots/any/startChat", {
        method: "OPTIONS",
        headers: {
          origin: "https://shop.example",
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type,x-typebot-iframe-referrer-origin",
        },
      }),
    );
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-headers")).toContain(
      "x-typebot-iframe-referrer-origin",
    );
  });
});
