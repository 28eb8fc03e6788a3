import { getPrisma } from "@parley/db";
import { describe, expect, it } from "vitest";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChatHandlers,
  createTestMember,
  publishTestBotVersion,
  readResponse,
} from "../testing/chatFixtures";
import { createGreetingFlow, textOf } from "../testing/testFlows";

const { handlers } = createTestChatHandlers();
const prisma = getPrisma();

async function startOnVersion1() {
  const bot = await createPublishedTestBot(createGreetingFlow());
  const start = await readResponse(
    await handlers.startChat(
      chatRequest(`/bots/${bot.publicId}/startChat`, { token: bot.chatKey, body: {} }),
    ),
  );
  const sessionId = start.body.sessionId as string;
  const reply = async (message: string) =>
    readResponse(
      await handlers.continueChat(
        chatRequest(`/sessions/${sessionId}/continueChat`, { token: bot.chatKey, body: { message } }),
      ),
    );
  const update = async (token: string | undefined, body?: unknown) =>
    readResponse(await handlers.updateBot(chatRequest(`/sessions/${sessionId}/updateBot`, { token, body })));
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
      await handlers.updateBot(chatRequest("/sessions/unknown/updateBot", { token: bot.chatKey })),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues[0].code).toBe("SESSION_NOT_FOUND");
    expect((await update(bot.chatKey, "{oops")).status).toBe(400);
  });
});
