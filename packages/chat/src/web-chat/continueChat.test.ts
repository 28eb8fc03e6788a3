import { getPrisma } from "@parley/db";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { continueChatResponseSchema } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import { chatRequest, createPublishedTestBot, createTestChat, readResponse } from "../testing/chatFixtures";
import { createGreetingFlow, textOf } from "../testing/testFlows";

const { chat } = createTestChat();
const prisma = getPrisma();

async function startGreeting(settings: Record<string, unknown> = {}) {
  const bot = await createPublishedTestBot(createGreetingFlow(settings));
  const start = await readResponse(
    await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
  );
  const reply = async (body: unknown, token = bot.chatKey, sessionId = start.body.sessionId as string) =>
    readResponse(await chat(chatRequest(`/sessions/${sessionId}/continueChat`, { token, body })));
  return { bot, start: start.body, reply };
}

describe("POST /api/v1/sessions/{sessionId}/continueChat", () => {
  it("answers with the fields that apply, stores the answer, and formats the reply", async () => {
    const { start, reply } = await startGreeting();
    const named = await reply({ message: { type: "text", text: "Ada" } });
    expect(named.status).toBe(200);
    expect(Object.keys(named.body).sort()).toEqual(
      // "Ada" is kept as typed: no lastMessageNewFormat; no dynamic avatar, no progress bar.
      ["clientSideActions", "input", "logs", "messages"].sort(),
    );
    const body = continueChatResponseSchema.parse(named.body);
    expect(body.input?.id).toBe("b-email");
    expect(body.messages).toEqual([]);

    const email = await reply({ message: "ADA@Example.COM" });
    expect(email.body.lastMessageNewFormat).toBe("ada@example.com");
    expect(email.body.messages.map(textOf)).toEqual(["Bye Ada, we will write to ada@example.com."]);
    expect(email.body).not.toHaveProperty("input");

    const result = await prisma.result.findUniqueOrThrow({
      where: { id: start.resultId ?? "" },
      include: { answers: { orderBy: { index: "asc" } } },
    });
    expect(result.answers.map((answer) => [answer.blockId, answer.content])).toEqual([
      ["b-name", "Ada"],
      ["b-email", "ada@example.com"],
    ]);
    expect(result).toMatchObject({ hasStarted: true, isCompleted: true });
    expect(result.variables).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "Name", value: "Ada" })]),
    );
    const session = await prisma.chatSession.findUniqueOrThrow({ where: { id: start.sessionId } });
    expect(session).toMatchObject({ isCompleted: true, turn: 2 });
  });

  it("repeats the input with the invalid-reply message and stores nothing for an invalid answer", async () => {
    const { start, reply } = await startGreeting({
      general: { systemMessages: { invalidMessage: "Nope, again" } },
    });
    await reply({ message: "Ada" });
    const invalid = await reply({ message: "not an address" });
    expect(invalid.status).toBe(200);
    expect(invalid.body.input.id).toBe("b-email");
    expect(invalid.body.messages).toHaveLength(1);
    expect(invalid.body).not.toHaveProperty("lastMessageNewFormat");
    expect(await prisma.answer.count({ where: { resultId: start.resultId ?? "" } })).toBe(1);
  });

  it("renders markdown when asked", async () => {
    const { reply } = await startGreeting();
    await reply({ message: "Ada" });
    const done = await reply({ message: "ada@example.com", textBubbleContentFormat: "markdown" });
    expect(done.body.messages[0].content).toEqual({
      type: "markdown",
      markdown: "Bye Ada, we will write to ada@example.com.",
    });
  });

  it("answers SESSION_NOT_FOUND for an unknown or ended session and SESSION_EXPIRED past the expiry", async () => {
    const { bot, start, reply } = await startGreeting();
    // No sessionExpiryTimeout: the install's one default, CHAT_SESSION_IDLE_HOURS (72 hours here).
    const idle = await prisma.chatSession.findUniqueOrThrow({ where: { id: start.sessionId } });
    expect(idle.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 71 * 3_600_000);
    expect(idle.expiresAt?.getTime()).toBeLessThanOrEqual(Date.now() + 72 * 3_600_000);
    const unknown = await reply({ message: "x" }, bot.chatKey, "no-such-session");
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues[0].code).toBe("SESSION_NOT_FOUND");

    await reply({ message: "Ada" });
    await reply({ message: "ada@example.com" });
    const ended = await reply({ message: "more" });
    expect(ended.status).toBe(400);
    expect(ended.body.issues[0].code).toBe("SESSION_NOT_FOUND");

    const other = await startGreeting({ messaging: { sessionExpiryTimeout: 1 } });
    const stored = await prisma.chatSession.findUniqueOrThrow({ where: { id: other.start.sessionId } });
    expect(stored.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
    await prisma.chatSession.update({
      where: { id: other.start.sessionId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await other.reply({ message: "Ada" });
    expect(expired.status).toBe(400);
    expect(expired.body.issues[0]).toEqual({
      message: "Session expired. You need to start a new session.",
      code: "SESSION_EXPIRED",
    });
    expect(start.sessionId).toBeTruthy();
  });

  it("refuses missing credentials, other bots' keys and non-members", async () => {
    const { reply } = await startGreeting();
    const other = await createPublishedTestBot(createGreetingFlow());
    const stranger = await createTestUser();
    const missing = await readResponse(
      await chat(chatRequest("/sessions/x/continueChat", { body: { message: "a" } })),
    );
    expect(missing.status).toBe(401);
    expect((await reply({ message: "a" }, other.chatKey)).status).toBe(403);
    expect((await reply({ message: "a" }, stranger.token)).status).toBe(403);
    expect((await reply({ message: "a" }, "ck_unknown")).body.issues[0].code).toBe("TOKEN_UNKNOWN");
  });

  it("rejects invalid messages: unknown type, text over 10,000 characters", async () => {
    const { reply } = await startGreeting();
    const unknownType = await reply({ message: { type: "video", url: "x" } });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.issues[0].path[0]).toBe("message");
    const long = await reply({ message: { type: "text", text: "x".repeat(10_001) } });
    expect(long.status).toBe(400);
    expect(long.body.issues[0].path).toEqual(["message", "text"]);
  });

  it("takes a text message's attachedFileUrls into the answer and the attachments variable", async () => {
    const flow = createGreetingFlow();
    const blocks = (flow.groups[0] as { blocks: { id: string; options?: Record<string, unknown> }[] }).blocks;
    const nameInput = blocks.find((block) => block.id === "b-name");
    if (nameInput)
      nameInput.options = {
        variableId: "v-name",
        attachments: { isEnabled: true, saveVariableId: "v-files" },
      };
    flow.variables.push({ id: "v-files", name: "Files" });
    const bot = await createPublishedTestBot(flow);
    const start = await readResponse(
      await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
    );
    expect(start.body.input.options.attachments).toEqual({ isEnabled: true, saveVariableId: "v-files" });
    const reply = await readResponse(
      await chat(
        chatRequest(`/sessions/${start.body.sessionId}/continueChat`, {
          token: bot.chatKey,
          body: {
            message: {
              type: "text",
              text: "Ada",
              metadata: { replyId: "ignored-by-text-inputs" },
              attachedFileUrls: ["https://files.example/cv.pdf"],
            },
          },
        }),
      ),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.input.id).toBe("b-email");
    const result = await prisma.result.findUniqueOrThrow({
      where: { id: start.body.resultId },
      include: { answers: true },
    });
    expect(result.answers.map((answer) => [answer.content, answer.attachedFileUrls])).toEqual([
      ["https://files.example/cv.pdf\n\nAda", ["https://files.example/cv.pdf"]],
    ]);
    expect(result.variables).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "Name", value: "Ada" }),
        // Appended to an empty variable, one file is the value itself (as Append value(s) does).
        expect.objectContaining({ name: "Files", value: "https://files.example/cv.pdf" }),
      ]),
    );
  });
});
