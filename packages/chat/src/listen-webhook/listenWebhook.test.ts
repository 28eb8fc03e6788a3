import { getPrisma } from "@parley/db";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublishedTestBot, createTestChat, createTestMember } from "../testing/chatFixtures";
import { startTestChatServer } from "../testing/startTestChatServer";
import { createListenWebhookFlow, textOf } from "../testing/testFlows";

const prisma = getPrisma();
let clock = new Date("2026-11-22T10:00:00.000Z");
// Two runtimes on two servers: the call reaches one process, the waiting client polls the other.
const viewerA = createTestChat({ now: () => clock, webhookListen: { holdMs: 5_000, pollIntervalMs: 20 } });
const viewerB = createTestChat({ now: () => clock });
let serverA: Awaited<ReturnType<typeof startTestChatServer>>;
let serverB: Awaited<ReturnType<typeof startTestChatServer>>;

beforeAll(async () => {
  serverA = await startTestChatServer(viewerA.chat);
  serverB = await startTestChatServer(viewerB.chat);
});
afterAll(async () => {
  await serverA.close();
  await serverB.close();
});

async function call(
  baseUrl: string,
  method: string,
  path: string,
  init: { token?: string; body?: string } = {},
) {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: init.body,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

interface ListenAction {
  type: string;
  listenForWebhook: { listenId: string; timeoutAt: string };
}

async function startWaitingChat(flowOptions: { timeoutMinutes?: number } = {}) {
  const bot = await createPublishedTestBot(createListenWebhookFlow(flowOptions));
  const start = await call(serverA.baseUrl, "POST", `/bots/${bot.publicId}/startChat`, {
    token: bot.chatKey,
    body: "{}",
  });
  expect(start.status).toBe(200);
  const action = start.body.clientSideActions[0] as ListenAction;
  const { sessionId, resultId } = start.body as { sessionId: string; resultId: string };
  const webhookPath = `/bots/${bot.publicId}/blocks/b-listen/results/${resultId}/executeWebhook`;
  const listenPath = `/sessions/${sessionId}/listenForWebhook/${action.listenForWebhook.listenId}`;
  return { bot, start, action, sessionId, resultId, webhookPath, listenPath };
}

const executeWebhook = (path: string, token: string | undefined, body: string) =>
  call(serverB.baseUrl, "POST", path, { token, body });

describe("POST /api/v1/bots/{publicId}/blocks/{blockId}/results/{resultId}/executeWebhook", () => {
  it("resumes the waiting chat with the mapping and hands what follows to the client's long poll", async () => {
    clock = new Date("2026-11-22T10:00:00.000Z");
    const chat = await startWaitingChat();
    expect(chat.start.body.messages.map(textOf)).toEqual(["Waiting for your payment…"]);
    expect(chat.start.body).not.toHaveProperty("input");
    expect(chat.action).toMatchObject({
      type: "listenForWebhook",
      expectsDedicatedReply: true,
      listenForWebhook: { timeoutAt: "2026-11-22T10:10:00.000Z" },
    });

    const poll = call(serverA.baseUrl, "GET", chat.listenPath, { token: chat.bot.chatKey });
    const called = await executeWebhook(
      chat.webhookPath,
      chat.bot.owner.token,
      JSON.stringify({ order: { id: "A-17" }, paid: true }),
    );
    expect(called).toEqual({ status: 200, body: { message: "success" } });

    const resumed = await poll;
    expect(resumed.status).toBe(200);
    expect(resumed.body.status).toBe("resumed");
    expect(resumed.body.response.messages.map(textOf)).toEqual(["Order A-17 confirmed"]);
    expect(resumed.body.response.input).toMatchObject({ id: "b-next", type: "text input" });
    const result = await prisma.result.findUniqueOrThrow({ where: { id: chat.resultId } });
    expect(result.variables).toContainEqual(expect.objectContaining({ name: "Order", value: "A-17" }));

    // The same poll again (a client that lost the answer) gets the same turn; a second call is refused.
    const again = await call(serverB.baseUrl, "GET", chat.listenPath, { token: chat.bot.chatKey });
    expect(again.body).toEqual(resumed.body);
    const twice = await executeWebhook(chat.webhookPath, chat.bot.owner.token, "{}");
    expect(twice).toMatchObject({
      status: 404,
      body: { code: "NOT_FOUND", issues: [{ code: "WEBHOOK_NOT_WAITING" }] },
    });

    // The chat goes on from there.
    const next = await call(serverA.baseUrl, "POST", `/sessions/${chat.sessionId}/continueChat`, {
      token: chat.bot.chatKey,
      body: JSON.stringify({ message: "thanks" }),
    });
    expect(next.status).toBe(200);
  });

  it("accepts any JSON body (an array, a string) and an empty one", async () => {
    const chat = await startWaitingChat();
    expect((await executeWebhook(chat.webhookPath, chat.bot.owner.token, '["a"]')).status).toBe(200);
    const second = await startWaitingChat();
    const response = await call(serverB.baseUrl, "POST", second.webhookPath, {
      token: second.bot.owner.token,
    });
    expect(response.status).toBe(200);
    const resumed = await call(serverA.baseUrl, "GET", second.listenPath, { token: second.bot.chatKey });
    expect(resumed.body.response.messages.map(textOf)).toEqual(["Order  confirmed"]);
  });

  it("refuses callers without access: UNAUTHORIZED, then FORBIDDEN", async () => {
    const chat = await startWaitingChat();
    const outsider = await createTestUser();
    const guest = await createTestMember(chat.bot.owner.workspaceId, "GUEST");
    expect(await executeWebhook(chat.webhookPath, undefined, "{}")).toMatchObject({
      status: 401,
      body: { code: "UNAUTHORIZED", message: "Authorization not provided" },
    });
    for (const token of ["bt_unknown", chat.bot.chatKey, outsider.token, guest.token]) {
      expect(await executeWebhook(chat.webhookPath, token, "{}")).toMatchObject({
        status: 403,
        body: { code: "FORBIDDEN", message: "Insufficient access" },
      });
    }
    const member = await createTestMember(chat.bot.owner.workspaceId, "MEMBER");
    expect((await executeWebhook(chat.webhookPath, member.token, "{}")).status).toBe(200);
  });

  it("answers NOT_FOUND for an unknown bot, result or block", async () => {
    const chat = await startWaitingChat();
    const token = chat.bot.owner.token;
    const cases = [
      [`/bots/no-such-bot/blocks/b-listen/results/${chat.resultId}/executeWebhook`, "BOT_NOT_FOUND"],
      [
        `/bots/${chat.bot.publicId}/blocks/b-listen/results/no-such-result/executeWebhook`,
        "RESULT_NOT_FOUND",
      ],
      [
        `/bots/${chat.bot.publicId}/blocks/b-done/results/${chat.resultId}/executeWebhook`,
        "WEBHOOK_NOT_WAITING",
      ],
    ];
    for (const [path, code] of cases) {
      expect(await executeWebhook(path ?? "", token, "{}")).toEqual({
        status: 404,
        body: { code: "NOT_FOUND", message: "Not found", issues: [expect.objectContaining({ code })] },
      });
    }
  });

  it("refuses a body over 1 MiB or not JSON with BAD_REQUEST, changing nothing", async () => {
    const chat = await startWaitingChat();
    const token = chat.bot.owner.token;
    const before = await prisma.chatSession.findUniqueOrThrow({ where: { id: chat.sessionId } });
    const tooLarge = await executeWebhook(
      chat.webhookPath,
      token,
      JSON.stringify({ blob: "x".repeat(1024 * 1024) }),
    );
    expect(tooLarge).toMatchObject({
      status: 400,
      body: { code: "BAD_REQUEST", issues: [{ code: "PAYLOAD_TOO_LARGE" }] },
    });
    const notJson = await executeWebhook(chat.webhookPath, token, "{order");
    expect(notJson).toMatchObject({
      status: 400,
      body: { code: "BAD_REQUEST", issues: [{ code: "INVALID_JSON" }] },
    });
    const session = await prisma.chatSession.findUniqueOrThrow({ where: { id: chat.sessionId } });
    expect(session.turn).toBe(before.turn);
  });
});

describe("GET /api/v1/sessions/{sessionId}/listenForWebhook/{listenId}", () => {
  it("answers waiting when nothing came within the hold, and refuses an unknown listen", async () => {
    const quick = createTestChat({ now: () => clock, webhookListen: { holdMs: 60, pollIntervalMs: 20 } });
    const server = await startTestChatServer(quick.chat);
    try {
      const chat = await startWaitingChat();
      expect(await call(server.baseUrl, "GET", chat.listenPath, { token: chat.bot.chatKey })).toEqual({
        status: 200,
        body: { status: "waiting" },
      });
      expect(await call(server.baseUrl, "GET", chat.listenPath)).toMatchObject({ status: 401 });
      const unknown = await call(
        server.baseUrl,
        "GET",
        `/sessions/${chat.sessionId}/listenForWebhook/other`,
        {
          token: chat.bot.chatKey,
        },
      );
      expect(unknown).toMatchObject({ status: 400, body: { issues: [{ code: "LISTEN_NOT_FOUND" }] } });
    } finally {
      await server.close();
    }
  });

  it("goes on without the call once the block's timeout has passed, with a log", async () => {
    clock = new Date("2026-11-22T10:00:00.000Z");
    const chat = await startWaitingChat({ timeoutMinutes: 2 });
    const early = await call(serverA.baseUrl, "POST", `/sessions/${chat.sessionId}/continueChat`, {
      token: chat.bot.chatKey,
      body: JSON.stringify({ message: '{"order":{"id":"forged"}}' }),
    });
    // Before the timeout a client's message does not stand in for the call: the wait is repeated.
    expect(early.body.messages).toEqual([]);
    expect(early.body.clientSideActions).toEqual([{ ...chat.action, lastBubbleBlockId: null }]);

    const other = await startWaitingChat({ timeoutMinutes: 2 });
    clock = new Date("2026-11-22T10:02:00.000Z");
    const resumed = await call(serverA.baseUrl, "GET", chat.listenPath, { token: chat.bot.chatKey });
    expect(resumed.body.status).toBe("resumed");
    expect(resumed.body.response.messages.map(textOf)).toEqual(["Order  confirmed"]);
    expect(resumed.body.response.logs).toEqual([
      {
        status: "info",
        description: "The webhook was not called before its timeout: the flow went on without it",
        details: null,
        context: "b-listen",
      },
    ]);
    const logs = await prisma.log.findMany({ where: { resultId: chat.resultId } });
    expect(logs.map((log) => log.description)).toContain(
      "The webhook was not called before its timeout: the flow went on without it",
    );

    // A call after the timeout is refused, even before anyone polled.
    expect(await executeWebhook(other.webhookPath, other.bot.owner.token, "{}")).toMatchObject({
      status: 404,
      body: { issues: [{ code: "WEBHOOK_TIMED_OUT" }] },
    });
    // The next continueChat after the timeout goes on too.
    const next = await call(serverA.baseUrl, "POST", `/sessions/${other.sessionId}/continueChat`, {
      token: other.bot.chatKey,
      body: JSON.stringify({ message: "hello?" }),
    });
    expect(next.body.messages.map(textOf)).toEqual(["Order  confirmed"]);
    clock = new Date("2026-11-22T10:00:00.000Z");
  });
});
