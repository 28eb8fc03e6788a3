// Issue 26, item 4: an API token whose scopes leave out `chat` is refused by the chat runtime (FORBIDDEN, issue
// MISSING_SCOPE naming `chat`) on startChat and continueChat, before anything is stored; a token holding `chat`
// (alone) chats like its owner.
import { getPrisma } from "@parley/db";
import { createApiToken } from "@parley/platform/auth/apiTokens";
import { describe, expect, it } from "vitest";
import { chatRequest, createPublishedTestBot, createTestChat, readResponse } from "../testing/chatFixtures";
import { createGreetingFlow, textOf } from "../testing/testFlows";

const { chat } = createTestChat();
const prisma = getPrisma();

const start = async (publicId: string, token: string) =>
  readResponse(await chat(chatRequest(`/bots/${publicId}/startChat`, { token, body: {} })));
const reply = async (sessionId: string, token: string, message: string) =>
  readResponse(await chat(chatRequest(`/sessions/${sessionId}/continueChat`, { token, body: { message } })));

const missingChatScope = {
  code: "FORBIDDEN",
  message: expect.any(String),
  issues: [{ code: "MISSING_SCOPE", message: 'This token lacks the scope "chat"' }],
};

/** A published greeting bot, and tokens of its owner (ADMIN) with the given scopes. */
async function createBotWithScopedTokens(scopes: string[]) {
  const bot = await createPublishedTestBot(createGreetingFlow());
  const scoped = await createApiToken(prisma, bot.owner.user.id, "scoped", { scopes });
  return { bot, token: scoped.token };
}

describe("API token scopes on the chat endpoints", () => {
  it("refuses startChat to a token without `chat`: FORBIDDEN, MISSING_SCOPE, no result nor session stored", async () => {
    const { bot, token } = await createBotWithScopedTokens(["bots:read", "bots:write", "results:read"]);
    const refused = await start(bot.publicId, token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(missingChatScope);
    expect(await prisma.result.count({ where: { botId: bot.botId } })).toBe(0);
    expect(await prisma.chatSession.count({ where: { botId: bot.botId } })).toBe(0);
  });

  it("refuses continueChat to a token without `chat`: FORBIDDEN, MISSING_SCOPE, the session unchanged", async () => {
    const { bot, token } = await createBotWithScopedTokens(["bots:read", "results:read"]);
    // The owner's full-access token (made without scopes) starts the chat.
    const started = await start(bot.publicId, bot.owner.token);
    expect(started.status).toBe(200);
    const sessionId = started.body.sessionId as string;
    const before = await prisma.chatSession.findUniqueOrThrow({ where: { id: sessionId } });

    const refused = await reply(sessionId, token, "Ada");
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(missingChatScope);
    expect(await prisma.chatSession.findUniqueOrThrow({ where: { id: sessionId } })).toEqual(before);
    expect(await prisma.answer.count({ where: { resultId: started.body.resultId } })).toBe(0);
  });

  it("accepts a token holding only `chat` on startChat and continueChat", async () => {
    const { bot, token } = await createBotWithScopedTokens(["chat"]);
    const started = await start(bot.publicId, token);
    expect(started.status).toBe(200);
    const sessionId = started.body.sessionId as string;
    expect((await reply(sessionId, token, "Ada")).status).toBe(200);
    const done = await reply(sessionId, token, "ada@example.com");
    expect(done.status).toBe(200);
    expect(done.body.messages.map(textOf)).toEqual(["Bye Ada, we will write to ada@example.com."]);
    expect(await prisma.answer.count({ where: { resultId: started.body.resultId } })).toBe(2);
  });
});
