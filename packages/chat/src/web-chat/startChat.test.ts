import { getPrisma } from "@parley/db";
import { clearBotRisk } from "@parley/platform/admin/clearBotRisk";
import { logger } from "@parley/platform/logger";
import { createCapturingLogger } from "@parley/platform/testing/createCapturingLogger";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { errorBodySchema, startChatResponseSchema } from "@parley/schemas";
import { describe, expect, it, vi } from "vitest";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  createTestMember,
  readResponse,
} from "../testing/chatFixtures";
import { createGreetingFlow, createInputFirstFlow, createNoInputFlow, textOf } from "../testing/testFlows";

const { chat } = createTestChat();
const prisma = getPrisma();

const start = async (publicId: string, options: Parameters<typeof chatRequest>[1] = {}) =>
  readResponse(await chat(chatRequest(`/bots/${publicId}/startChat`, { body: {}, ...options })));

const expectError = (response: { status: number; body: unknown }, status: number, issueCode?: string) => {
  expect(response.status).toBe(status);
  const body = errorBodySchema.parse(response.body);
  if (issueCode) expect(body.issues.map((issue) => issue.code)).toContain(issueCode);
  return body;
};

describe("POST /api/v1/bots/{publicId}/startChat", () => {
  it("starts a session on the published version; fields that do not apply are left out", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    const response = await start(bot.publicId, { token: bot.chatKey });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBeTruthy();
    const body = startChatResponseSchema.parse(response.body);
    expect(Object.keys(response.body).sort()).toEqual(
      [
        // No lastMessageNewFormat (no message), dynamicTheme (no dynamic avatar) nor progress (no bar).
        "bot",
        "clientSideActions",
        "input",
        "logs",
        "messages",
        "resultId",
        "sessionId",
      ].sort(),
    );
    expect(body.bot.id).toBe(bot.botId);
    expect(body.bot.publishedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(body.bot.settings.general.systemMessages?.invalidMessage).toBe(
      "Invalid message. Please, try again.",
    );
    expect(body.messages.map(textOf)).toEqual(["Hello !"]);
    expect(body.input?.id).toBe("b-name");
    const session = await prisma.chatSession.findUniqueOrThrow({ where: { id: body.sessionId } });
    expect(session).toMatchObject({
      botId: bot.botId,
      publishedBotId: bot.publishedBotId,
      isPreview: false,
      turn: 0,
    });
    expect(session.resultId).toBe(body.resultId);
    const result = await prisma.result.findUniqueOrThrow({ where: { id: body.resultId ?? "" } });
    expect(result).toMatchObject({
      botId: bot.botId,
      workspaceId: bot.workspaceId,
      hasStarted: false,
      isCompleted: false,
    });
  });

  it("accepts an API token of any member of the bot's workspace", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    const guest = await createTestMember(bot.workspaceId, "GUEST");
    expect((await start(bot.publicId, { token: bot.owner.token })).status).toBe(200);
    expect((await start(bot.publicId, { token: guest.token })).status).toBe(200);
  });

  it("answers a flow starting with an input with `message`", async () => {
    const bot = await createPublishedTestBot(createInputFirstFlow());
    const response = await start(bot.publicId, { token: bot.chatKey, body: { message: "blue" } });
    expect(response.status).toBe(200);
    expect(response.body.messages.map(textOf)).toEqual(["Thanks for blue"]);
    expect(response.body).not.toHaveProperty("input");
    expect(response.body).not.toHaveProperty("resultId");
    const result = await prisma.result.findFirstOrThrow({
      where: { botId: bot.botId },
      include: { answers: true },
    });
    expect(result).toMatchObject({ hasStarted: true, isCompleted: true });
    expect(result.answers.map((answer) => answer.content)).toEqual(["blue"]);
  });

  it("only registers the session with isOnlyRegistering; the first continueChat starts the flow", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    const response = await start(bot.publicId, { token: bot.chatKey, body: { isOnlyRegistering: true } });
    expect(response.status).toBe(200);
    expect(response.body.messages).toEqual([]);
    expect(Object.keys(response.body)).not.toContain("input");
    expect(Object.keys(response.body)).not.toContain("resultId");
    expect(await prisma.result.count({ where: { botId: bot.botId } })).toBe(0);
    const next = await readResponse(
      await chat(
        chatRequest(`/sessions/${response.body.sessionId}/continueChat`, { token: bot.chatKey, body: {} }),
      ),
    );
    expect(next.status).toBe(200);
    expect(next.body.messages.map(textOf)).toEqual(["Hello !"]);
    expect(await prisma.result.count({ where: { botId: bot.botId } })).toBe(1);
  });

  it("fills prefilledVariables by name and ignores unknown names", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    const response = await start(bot.publicId, {
      token: bot.chatKey,
      body: { prefilledVariables: { Name: "Ada", Unknown: "x" } },
    });
    expect(response.body.messages.map(textOf)).toEqual(["Hello Ada!"]);
    expect(response.body.input.prefilledValue).toBe("Ada");
  });

  it("renders text bubbles as markdown when asked, and keeps isStreamEnabled in the session", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    const response = await start(bot.publicId, {
      token: bot.chatKey,
      body: { textBubbleContentFormat: "markdown", isStreamEnabled: true },
    });
    expect(response.body.messages[0].content).toEqual({ type: "markdown", markdown: "Hello !" });
    const session = await prisma.chatSession.findUniqueOrThrow({ where: { id: response.body.sessionId } });
    expect((session.state as { isStreamEnabled: boolean }).isStreamEnabled).toBe(true);
  });

  it("continues a result of the same bot with remember-user, and ignores resultId otherwise", async () => {
    const remembering = await createPublishedTestBot(
      createGreetingFlow({ general: { rememberUser: { isEnabled: true } } }),
    );
    const first = await start(remembering.publicId, { token: remembering.chatKey });
    await chat(
      chatRequest(`/sessions/${first.body.sessionId}/continueChat`, {
        token: remembering.chatKey,
        body: { message: "Ada" },
      }),
    );
    const resumed = await start(remembering.publicId, {
      token: remembering.chatKey,
      body: { resultId: first.body.resultId },
    });
    expect(resumed.body.resultId).toBe(first.body.resultId);
    expect(resumed.body.messages.map(textOf)).toEqual(["Hello Ada!"]);
    await chat(
      chatRequest(`/sessions/${resumed.body.sessionId}/continueChat`, {
        token: remembering.chatKey,
        body: { message: "Bob" },
      }),
    );
    const answers = await prisma.answer.findMany({
      where: { resultId: first.body.resultId },
      orderBy: { index: "asc" },
    });
    expect(answers.map((answer) => [answer.index, answer.content])).toEqual([
      [0, "Ada"],
      [1, "Bob"],
    ]);

    const other = await createPublishedTestBot(
      createGreetingFlow({ general: { rememberUser: { isEnabled: true } } }),
      {
        workspaceId: remembering.workspaceId,
      },
    );
    const foreign = await start(other.publicId, {
      token: other.chatKey,
      body: { resultId: first.body.resultId },
    });
    expect(foreign.body.resultId).not.toBe(first.body.resultId);

    const forgetting = await createPublishedTestBot(createGreetingFlow());
    const fresh = await start(forgetting.publicId, { token: forgetting.chatKey });
    const again = await start(forgetting.publicId, {
      token: forgetting.chatKey,
      body: { resultId: fresh.body.resultId },
    });
    expect(again.body.resultId).not.toBe(fresh.body.resultId);

    // New result on refresh off keeps the chat too, with remember-user off as the builder stores it.
    const refreshing = await createPublishedTestBot(
      createGreetingFlow({
        general: {
          isNewResultOnRefreshEnabled: false,
          rememberUser: { isEnabled: false, storage: "session" },
        },
      }),
    );
    const before = await start(refreshing.publicId, { token: refreshing.chatKey });
    const reloaded = await start(refreshing.publicId, {
      token: refreshing.chatKey,
      body: { resultId: before.body.resultId },
    });
    expect(reloaded.body.resultId).toBe(before.body.resultId);
  });

  it("returns no resultId when the flow ends at once, but records the chat", async () => {
    const bot = await createPublishedTestBot(createNoInputFlow());
    const response = await start(bot.publicId, { token: bot.chatKey });
    expect(response.body.messages.map(textOf)).toEqual(["One", "Two"]);
    expect(Object.keys(response.body)).not.toContain("input");
    expect(Object.keys(response.body)).not.toContain("resultId");
    expect(await prisma.result.count({ where: { botId: bot.botId } })).toBe(1);
  });
});

describe("startChat errors", () => {
  it("refuses missing, malformed, unknown and foreign credentials", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    const other = await createPublishedTestBot(createGreetingFlow());
    const stranger = await createTestUser();
    const missing = expectError(await start(bot.publicId), 401);
    expect(missing).toEqual({ code: "UNAUTHORIZED", message: "Authorization not provided", issues: [] });
    expectError(await start(bot.publicId, { headers: { authorization: "Basic abc" } }), 401);
    expectError(await start(bot.publicId, { token: "ck_unknown" }), 403, "TOKEN_UNKNOWN");
    expectError(await start(bot.publicId, { token: "nonsense" }), 403, "TOKEN_UNKNOWN");
    expectError(await start(bot.publicId, { token: other.chatKey }), 403);
    expectError(await start(bot.publicId, { token: stranger.token }), 403);
    expect(await prisma.result.count({ where: { botId: bot.botId } })).toBe(0);
  });

  it("answers BOT_NOT_FOUND for an unknown or unpublished bot", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    expectError(await start("no-such-bot", { token: bot.chatKey }), 400, "BOT_NOT_FOUND");
    await prisma.bot.update({ where: { id: bot.botId }, data: { publishedBotId: null } });
    expectError(await start(bot.publicId, { token: bot.chatKey }), 400, "BOT_NOT_FOUND");
  });

  it("answers BOT_CLOSED with the bot's botClosed message", async () => {
    const custom = await createPublishedTestBot(
      createGreetingFlow({ general: { systemMessages: { botClosed: "Gone fishing" } } }),
      { isClosed: true },
    );
    const body = expectError(await start(custom.publicId, { token: custom.chatKey }), 400, "BOT_CLOSED");
    expect(body.issues[0]?.message).toBe("Gone fishing");
    const plain = await createPublishedTestBot(createGreetingFlow(), { isClosed: true });
    const plainBody = expectError(await start(plain.publicId, { token: plain.chatKey }), 400, "BOT_CLOSED");
    expect(plainBody.issues[0]?.message).toBe("This bot is now closed.");
  });

  it("answers a bot held for its riskLevel as closed, with a log line, until cleared or verified", async () => {
    const bot = await createPublishedTestBot(
      createGreetingFlow({ general: { systemMessages: { botClosed: "Gone fishing" } } }),
    );
    const { logger: capturing, lines } = createCapturingLogger();
    const child = vi
      .spyOn(logger, "child")
      .mockReturnValue(capturing as unknown as ReturnType<typeof logger.child>);
    try {
      await prisma.bot.update({ where: { id: bot.botId }, data: { riskLevel: 99 } });
      expect((await start(bot.publicId, { token: bot.chatKey })).status).toBe(200);
      await prisma.bot.update({ where: { id: bot.botId }, data: { riskLevel: 100 } });
      const held = expectError(await start(bot.publicId, { token: bot.chatKey }), 400, "BOT_CLOSED");
      expect(held.issues[0]?.message).toBe("Gone fishing");
      const line = lines.find((entry) => entry.msg.startsWith("bot held for review"));
      expect(line).toMatchObject({ level: 40, botId: bot.botId, riskLevel: 100, threshold: 100 });
      expect(line?.msg).toContain(`npm run cli -- bot clear-risk --bot-id ${bot.botId}`);
      await prisma.workspace.update({ where: { id: bot.workspaceId }, data: { isVerified: true } });
      expect((await start(bot.publicId, { token: bot.chatKey })).status).toBe(200);
      await prisma.workspace.update({ where: { id: bot.workspaceId }, data: { isVerified: false } });
      expectError(await start(bot.publicId, { token: bot.chatKey }), 400, "BOT_CLOSED");
      await clearBotRisk(prisma, bot.botId, {
        actor: { id: null, email: "operator@example.com" },
        ip: "local",
        userAgent: "test",
      });
      expect((await start(bot.publicId, { token: bot.chatKey })).status).toBe(200);
      expect(await prisma.result.count({ where: { botId: bot.botId } })).toBe(3);
    } finally {
      child.mockRestore();
    }
  });

  it("answers WORKSPACE_SUSPENDED and CHATS_LIMIT_REACHED without counting a chat", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    await prisma.workspace.update({ where: { id: bot.workspaceId }, data: { isSuspended: true } });
    expectError(await start(bot.publicId, { token: bot.chatKey }), 403, "WORKSPACE_SUSPENDED");
    await prisma.workspace.update({
      where: { id: bot.workspaceId },
      data: { isSuspended: false, chatsHardLimit: 1 },
    });
    expect((await start(bot.publicId, { token: bot.chatKey })).status).toBe(200);
    expectError(await start(bot.publicId, { token: bot.chatKey }), 403, "CHATS_LIMIT_REACHED");
    expect(await prisma.result.count({ where: { botId: bot.botId } })).toBe(1);
  });

  it("rejects invalid bodies field by field, malformed JSON, wrong content types and bodies over 1 MiB", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    const invalid = expectError(
      await start(bot.publicId, {
        token: bot.chatKey,
        body: { isStreamEnabled: "yes", textBubbleContentFormat: "html" },
      }),
      400,
      "INVALID_FIELD",
    );
    expect(invalid.issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining([["isStreamEnabled"], ["textBubbleContentFormat"]]),
    );
    expectError(await start(bot.publicId, { token: bot.chatKey, body: "{not json" }), 400, "INVALID_JSON");
    expectError(
      await start(bot.publicId, {
        token: bot.chatKey,
        body: "{}",
        headers: { "content-type": "text/plain" },
      }),
      400,
      "UNSUPPORTED_CONTENT_TYPE",
    );
    const huge = JSON.stringify({ prefilledVariables: { Name: "x".repeat(1024 * 1024) } });
    expectError(await start(bot.publicId, { token: bot.chatKey, body: huge }), 400, "PAYLOAD_TOO_LARGE");
    const longMessage = expectError(
      await start(bot.publicId, { token: bot.chatKey, body: { message: "x".repeat(10_001) } }),
      400,
    );
    expect(longMessage.issues[0]?.path?.[0]).toBe("message");
    expect(await prisma.result.count({ where: { botId: bot.botId } })).toBe(0);
  });
});
