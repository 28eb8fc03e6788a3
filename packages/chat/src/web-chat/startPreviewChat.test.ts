import { getPrisma } from "@parley/db";
import { createUserSession } from "@parley/platform/auth/userSessions";
import { createTestUser } from "@parley/platform/testing/fixtures";
import { startChatResponseSchema } from "@parley/schemas";
import { describe, expect, it } from "vitest";
import {
  chatRequest,
  createPublishedTestBot,
  createTestChat,
  createTestMember,
  readResponse,
} from "../testing/chatFixtures";
import { toBotDocument } from "../testing/seedPublishedBot";
import { createGreetingFlow, textOf } from "../testing/testFlows";

const { chat } = createTestChat();
const prisma = getPrisma();

/** A bot whose draft differs from its published version. */
async function createEditedBot() {
  const bot = await createPublishedTestBot(createGreetingFlow());
  const draft = createGreetingFlow();
  (draft.groups[0] as { blocks: { id: string; content?: unknown }[] }).blocks[0] = {
    id: "b-hello",
    content: { richText: [{ type: "p", children: [{ text: "Draft hello {{Name}}" }] }] },
    type: "text",
  } as never;
  await prisma.bot.update({
    where: { id: bot.botId },
    data: { ...toBotDocument(draft), updatedAt: new Date() },
  });
  return bot;
}

const preview = async (botId: string, options: Parameters<typeof chatRequest>[1]) =>
  readResponse(await chat(chatRequest(`/bots/${botId}/preview/startChat`, { body: {}, ...options })));

describe("POST /api/v1/bots/{botId}/preview/startChat", () => {
  it("runs the draft for a member and records no result", async () => {
    const bot = await createEditedBot();
    const guest = await createTestMember(bot.workspaceId, "GUEST");
    const response = await preview(bot.botId, {
      token: guest.token,
      body: { prefilledVariables: { Name: "Ada" } },
    });
    expect(response.status).toBe(200);
    const body = startChatResponseSchema.parse(response.body);
    expect(body.messages.map(textOf)).toEqual(["Draft hello Ada"]);
    expect(response.body).not.toHaveProperty("resultId");
    expect(body.bot.publishedAt).toBeNull();
    const reply = async (message: string) =>
      readResponse(
        await chat(
          chatRequest(`/sessions/${body.sessionId}/continueChat`, { token: guest.token, body: { message } }),
        ),
      );
    await reply("Ada");
    const done = await reply("ada@example.com");
    expect(done.body.messages.map(textOf)).toEqual(["Bye Ada, we will write to ada@example.com."]);
    expect(await prisma.result.count({ where: { botId: bot.botId } })).toBe(0);
    expect(await prisma.answer.count({ where: { result: { botId: bot.botId } } })).toBe(0);
    const session = await prisma.chatSession.findUniqueOrThrow({ where: { id: body.sessionId } });
    expect(session).toMatchObject({ isPreview: true, resultId: null, publishedBotId: null });
  });

  it("refuses chat keys (also on preview sessions), strangers and missing credentials", async () => {
    const bot = await createEditedBot();
    const stranger = await createTestUser();
    expect((await preview(bot.botId, { token: bot.chatKey })).status).toBe(403);
    expect((await preview(bot.botId, { token: stranger.token })).status).toBe(403);
    expect((await preview(bot.botId, {})).status).toBe(401);
    const started = await preview(bot.botId, { token: bot.owner.token });
    const withKey = await chat(
      chatRequest(`/sessions/${started.body.sessionId}/continueChat`, {
        token: bot.chatKey,
        body: { message: "x" },
      }),
    );
    expect(withKey.status).toBe(403);
  });

  it("answers BOT_NOT_FOUND for an unknown bot", async () => {
    const user = await createTestUser();
    const response = await preview("unknown-bot", { token: user.token });
    expect(response.status).toBe(400);
    expect(response.body.issues[0].code).toBe("BOT_NOT_FOUND");
  });

  it("reuses a given preview sessionId, and starts from a chosen group", async () => {
    const bot = await createEditedBot();
    const first = await preview(bot.botId, {
      token: bot.owner.token,
      body: { sessionId: "my-preview-session" },
    });
    expect(first.body.sessionId).toBe("my-preview-session");
    const again = await preview(bot.botId, {
      token: bot.owner.token,
      body: { sessionId: "my-preview-session", startFrom: { type: "group", groupId: "g-1" } },
    });
    expect(again.status).toBe(200);
    expect(await prisma.chatSession.count({ where: { id: "my-preview-session" } })).toBe(1);
    const unknownGroup = await preview(bot.botId, {
      token: bot.owner.token,
      body: { startFrom: { type: "group", groupId: "nope" } },
    });
    expect(unknownGroup.status).toBe(400);
    expect(unknownGroup.body.issues[0].code).toBe("START_GROUP_NOT_FOUND");
  });

  it("authenticates the builder's sign-in cookie where the builder mounts it, never on the viewer", async () => {
    const bot = await createEditedBot();
    const { token: cookie } = await createUserSession(prisma, bot.owner.user.id);
    const builder = createTestChat({ allowSessionCookie: true }).chat;
    const request = () =>
      chatRequest(`/bots/${bot.botId}/preview/startChat`, {
        body: {},
        headers: { cookie: `parley_session=${cookie}` },
      });
    expect((await builder(request())).status).toBe(200);
    expect((await chat(request())).status).toBe(401);
  });

  it("starts in the language the preview's picker names, whatever the detection order and the browser say", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    const draft = createGreetingFlow();
    const settings = {
      languages: {
        defaultLanguage: "en",
        languages: ["fr", "ar"],
        detection: ["browser"],
        translations: {
          fr: {
            "block:b-hello:content.richText": {
              value: [{ type: "p", children: [{ text: "Bonjour {{Name}}" }] }],
              status: "reviewed",
            },
          },
        },
      },
    };
    await prisma.bot.update({
      where: { id: bot.botId },
      data: { ...toBotDocument({ ...draft, settings } as never), updatedAt: new Date() },
    });
    const member = await createTestMember(bot.workspaceId, "MEMBER");
    const picked = await preview(bot.botId, {
      token: member.token,
      body: { language: "fr", prefilledVariables: { Name: "Ada" } },
      headers: { "accept-language": "ar" },
    });
    expect(picked.status).toBe(200);
    const body = startChatResponseSchema.parse(picked.body);
    expect(body.language).toBe("fr");
    expect(body.messages.map(textOf)).toEqual(["Bonjour Ada"]);
    const unpicked = await preview(bot.botId, { token: member.token, headers: { "accept-language": "ar" } });
    expect(startChatResponseSchema.parse(unpicked.body).language).toBe("ar");
  });
});
