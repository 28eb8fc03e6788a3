import { getPrisma } from "@parley/db";
import { describe, expect, it } from "vitest";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  createTestMember,
  publishTestBotVersion,
  readResponse,
} from "../testing/chatFixtures";
import { toBotDocument } from "../testing/seedPublishedBot";
import { createGreetingFlow, textOf } from "../testing/testFlows";

const { chat } = createTestChat();
const prisma = getPrisma();

async function startOnVersion1() {
  const bot = await createPublishedTestBot(createGreetingFlow());
  const start = await readResponse(
    await chat(chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} })),
  );
  const sessionId = start.body.sessionId as string;
  const reply = async (message: string) =>
    readResponse(
      await chat(
        chatRequest(`/sessions/${sessionId}/continueChat`, { token: bot.chatKey, body: { message } }),
      ),
    );
  const update = async (token: string | undefined, body?: unknown) =>
    readResponse(await chat(chatRequest(`/sessions/${sessionId}/updateBot`, { token, body })));
  return { bot, sessionId, reply, update };
}

function createVersion2() {
  const flow = createGreetingFlow();
  const group = flow.groups[0] as { blocks: { id: string; content?: unknown }[] };
  const bye = group.blocks.find((block) => block.id === "b-bye");
  if (bye)
    bye.content = { richText: [{ type: "p", children: [{ text: "Version 2 says bye to {{Name}}" }] }] };
  return flow;
}

describe("POST /api/v1/sessions/{sessionId}/updateBot", () => {
  it("moves the session to the newest published version, keeping its variables and position", async () => {
    const { bot, sessionId, reply, update } = await startOnVersion1();
    await reply("Ada");
    const version2 = await publishTestBotVersion(bot.botId, createVersion2());
    const updated = await update(bot.chatKey);
    expect(updated).toMatchObject({ status: 200, body: { message: "success" } });
    expect((await prisma.chatSession.findUniqueOrThrow({ where: { id: sessionId } })).publishedBotId).toBe(
      version2,
    );
    const done = await reply("ada@example.com");
    expect(done.body.messages.map(textOf)).toEqual(["Version 2 says bye to Ada"]);
  });

  it("keeps sessions on their version until then", async () => {
    const { bot, reply } = await startOnVersion1();
    await reply("Ada");
    await publishTestBotVersion(bot.botId, createVersion2());
    const done = await reply("ada@example.com");
    expect(done.body.messages.map(textOf)).toEqual(["Bye Ada, we will write to ada@example.com."]);
  });

  it("takes the bot's chat key or an ADMIN/MEMBER API token; refuses guests, strangers and other keys", async () => {
    const { bot, update } = await startOnVersion1();
    const member = await createTestMember(bot.workspaceId, "MEMBER");
    const guest = await createTestMember(bot.workspaceId, "GUEST");
    const other = await createPublishedTestBot(createGreetingFlow());
    expect((await update(bot.owner.token)).status).toBe(200);
    expect((await update(member.token)).status).toBe(200);
    expect((await update(guest.token)).status).toBe(403);
    expect((await update(other.chatKey)).status).toBe(403);
    expect((await update(other.owner.token)).status).toBe(403);
    expect((await update(undefined)).status).toBe(401);
  });

  it("answers SESSION_NOT_FOUND for an unknown session and rejects a malformed body", async () => {
    const { bot, update } = await startOnVersion1();
    const unknown = await readResponse(
      await chat(chatRequest("/sessions/unknown/updateBot", { token: bot.chatKey })),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues[0].code).toBe("SESSION_NOT_FOUND");
    expect((await update(bot.chatKey, "{oops")).status).toBe(400);
  });

  it("answers SESSION_NOT_FOUND for an ended session, SESSION_EXPIRED past the expiry, BOT_NOT_FOUND once unpublished", async () => {
    const ended = await startOnVersion1();
    await ended.reply("Ada");
    await ended.reply("ada@example.com");
    const afterEnd = await ended.update(ended.bot.chatKey);
    expect(afterEnd.status).toBe(400);
    expect(afterEnd.body.issues[0].code).toBe("SESSION_NOT_FOUND");

    const expiring = await startOnVersion1();
    await prisma.chatSession.update({
      where: { id: expiring.sessionId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await expiring.update(expiring.bot.chatKey);
    expect(expired.status).toBe(400);
    expect(expired.body.issues[0].code).toBe("SESSION_EXPIRED");

    const unpublished = await startOnVersion1();
    await prisma.bot.update({ where: { id: unpublished.bot.botId }, data: { publishedBotId: null } });
    const gone = await unpublished.update(unpublished.bot.chatKey);
    expect(gone.status).toBe(400);
    expect(gone.body.issues[0].code).toBe("BOT_NOT_FOUND");
    const before = await prisma.chatSession.findUniqueOrThrow({ where: { id: unpublished.sessionId } });
    expect(before.publishedBotId).toBe(unpublished.bot.publishedBotId);
  });

  it("continues from the start event when the block the session waits on was removed", async () => {
    const { bot, sessionId, reply, update } = await startOnVersion1();
    await reply("Ada");
    const version2 = createGreetingFlow();
    const group = version2.groups[0] as { blocks: { id: string }[] };
    group.blocks = group.blocks.filter((block) => block.id !== "b-email");
    await publishTestBotVersion(bot.botId, version2);
    expect((await update(bot.chatKey)).status).toBe(200);
    const session = await prisma.chatSession.findUniqueOrThrow({ where: { id: sessionId } });
    expect(session.publishedBotId).not.toBe(bot.publishedBotId);
    // The flow runs again from the start, the variables kept: the greeting knows the name.
    const next = await reply("Bob");
    expect(next.status).toBe(200);
    expect(next.body.messages.map(textOf)).toEqual(["Hello Ada!"]);
    expect(next.body.input?.id).toBe("b-name");
  });

  it("moves a preview session to the current draft", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    const started = await readResponse(
      await chat(chatRequest(`/bots/${bot.botId}/preview/startChat`, { token: bot.owner.token, body: {} })),
    );
    const sessionId = started.body.sessionId as string;
    const reply = async (message: string) =>
      readResponse(
        await chat(
          chatRequest(`/sessions/${sessionId}/continueChat`, { token: bot.owner.token, body: { message } }),
        ),
      );
    await reply("Ada");
    await prisma.bot.update({
      where: { id: bot.botId },
      data: { ...toBotDocument(createVersion2()), updatedAt: new Date() },
    });
    const updated = await readResponse(
      await chat(chatRequest(`/sessions/${sessionId}/updateBot`, { token: bot.owner.token })),
    );
    expect(updated).toMatchObject({ status: 200, body: { message: "success" } });
    const done = await reply("ada@example.com");
    expect(done.body.messages.map(textOf)).toEqual(["Version 2 says bye to Ada"]);
    // The published version was not touched, nor did the preview record anything.
    expect(await prisma.result.count({ where: { botId: bot.botId } })).toBe(0);
  });
});
