import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

// An agent's replies to WhatsApp and Telegram visitors: the builder's calls go where the operator points them, local
// Cloud API and Bot API servers on loopback, which record the bytes they receive.
const { graphApi, botApi } = await vi.hoisted(async () =>
  (await import("@parley/chat/testing/startLocalMessagingApis")).startLocalMessagingApis(),
);

import { channelDeliveryJob } from "@parley/chat/channels/durableDelivery";
import { createTestChat, readResponse } from "@parley/chat/testing/chatFixtures";
import {
  createTelegramBot,
  expectedCall,
  telegramTextUpdate,
  telegramWebhookRequest,
} from "@parley/chat/testing/telegramFixtures";
import { group, startEdge, startEvent, text } from "@parley/chat/testing/testFlows";
import {
  createWhatsAppBot,
  expectedSend,
  messagingOn,
  textMessage,
  textSend,
  whatsAppNotification,
  whatsAppWebhookRequest,
} from "@parley/chat/testing/whatsAppFixtures";
import { getPgPool, getPrisma } from "@parley/db";
import { handleRestRequest } from "../../mounts";
import { callApi } from "../../testing/fixtures";

const prisma = getPrisma();
const { chat, runtime } = createTestChat({
  channels: { whatsAppGraphApiUrl: graphApi.url, telegramApiUrl: botApi.url, sendRecoverySeconds: 60 },
});
afterAll(() => Promise.all([graphApi.close(), botApi.close()]));
beforeEach(() => {
  graphApi.takeCalls();
  botApi.takeCalls();
});

const handoffFlow = {
  events: [startEvent],
  groups: [
    group("g-1", [
      text("b-hello", "Hello"),
      {
        id: "b-handoff",
        type: "Human handoff",
        items: [{ id: "i-fallback", path: "fallback" }],
        options: { isQueuePositionShown: false },
      },
      text("b-back", "Back with the bot"),
    ]),
  ],
  edges: [startEdge("g-1")],
  variables: [],
  settings: messagingOn(),
};

/** One webhook call, answered once the turns it started are done. */
async function receive(request: Request) {
  const response = await readResponse(await chat(request));
  expect(response.status).toBe(200);
  await runtime.channels.work.idle();
}

const reply = (token: string, conversationId: string, message: Record<string, unknown>) =>
  callApi("POST", `/conversations/${conversationId}/messages`, { token, body: { message } });

/** POST /conversations/{id}/files: the file as the body; its stored description. */
async function uploadFile(
  token: string,
  conversationId: string,
  name: string,
  bytes: Uint8Array,
  type: string,
) {
  const response = await handleRestRequest(
    new Request(`http://localhost:3000/api/v1/conversations/${conversationId}/files?name=${name}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": type },
      body: bytes as Uint8Array<ArrayBuffer>,
    }),
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { file: { id: string; url: string } }).file;
}

/** The bytes a platform fetching the URL it was sent gets (the chat runtime's files endpoint). */
const fetchSent = async (url: string) => new Uint8Array(await (await chat(new Request(url))).arrayBuffer());

const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);
const pdf = new TextEncoder().encode("%PDF-1.4\ntrailer <<>>\n%%EOF\n");

/** The channel.deliver jobs still queued for a conversation (a reply sent at once leaves none). */
async function queuedDeliveries(credentialsId: string) {
  const { rows } = await getPgPool().query(
    "SELECT 1 FROM pgboss.job WHERE name = $1 AND data->>'credentialsId' = $2 AND state::text IN ('created', 'retry', 'active')",
    [channelDeliveryJob.name, credentialsId],
  );
  return rows.length;
}

describe("agents' replies on messaging channels", () => {
  it("WhatsApp: the conversation is `whatsapp`, the visitor's messages reach it, an agent's reply is sent as a Cloud API text", async () => {
    const bot = await createWhatsAppBot(handoffFlow);
    const visitor = "15550001111";
    await receive(whatsAppWebhookRequest(bot, whatsAppNotification(visitor, textMessage("hi"))));
    expect(graphApi.takeCalls().map((call) => call.body)).toEqual([
      textSend(visitor, "Hello").body,
      textSend(visitor, "Thanks! A member of our team will be with you shortly.").body,
      // The text box the visitor keeps, as any text input prompts on WhatsApp.
      textSend(visitor, "Type your message…").body,
    ]);
    const conversation = await prisma.conversation.findFirstOrThrow({ where: { botId: bot.botId } });
    expect(conversation).toMatchObject({ channel: "whatsapp", status: "waiting" });

    // During the handoff the visitor's message is the conversation's, and the bot says nothing.
    await receive(
      whatsAppWebhookRequest(bot, whatsAppNotification(visitor, textMessage("Where is my order?"))),
    );
    expect(graphApi.takeCalls()).toEqual([]);
    expect(
      await prisma.conversationMessage.findMany({
        where: { conversationId: conversation.id },
        select: { author: true, text: true },
      }),
    ).toEqual([{ author: "visitor", text: "Where is my order?" }]);

    const sent = await reply(bot.owner.token, conversation.id, { text: "Hi, it ships *today* <3" });
    expect(sent.status).toBe(200);
    expect(graphApi.takeCalls()).toEqual([
      // Written as typed: WhatsApp's formatting marks are broken with a zero-width space.
      textSend(visitor, "Hi, it ships *\u200btoday* <3"),
    ]);
    expect(await queuedDeliveries(bot.credentialsId)).toBe(0);

    // An internal note goes nowhere.
    expect((await reply(bot.owner.token, conversation.id, { text: "VIP", internal: true })).status).toBe(200);
    expect(graphApi.takeCalls()).toEqual([]);

    // Files: a picture after the text, a document alone with its name; WhatsApp fetches each from its link.
    const photo = await uploadFile(bot.owner.token, conversation.id, "parcel.jpg", jpeg, "image/jpeg");
    expect(
      (await reply(bot.owner.token, conversation.id, { text: "Your parcel", fileId: photo.id })).status,
    ).toBe(200);
    const invoice = await uploadFile(bot.owner.token, conversation.id, "invoice.pdf", pdf, "application/pdf");
    expect((await reply(bot.owner.token, conversation.id, { fileId: invoice.id })).status).toBe(200);
    expect(graphApi.takeCalls()).toEqual([
      textSend(visitor, "Your parcel"),
      expectedSend(visitor, { type: "image", image: { link: photo.url } }),
      expectedSend(visitor, { type: "document", document: { link: invoice.url, filename: "invoice.pdf" } }),
    ]);
    expect(await fetchSent(photo.url)).toEqual(jpeg);
    expect(await fetchSent(invoice.url)).toEqual(pdf);
    expect(await queuedDeliveries(bot.credentialsId)).toBe(0);
  });

  it("WhatsApp: 24 hours after the visitor's last message the reply is refused, nothing stored or sent", async () => {
    const bot = await createWhatsAppBot(handoffFlow);
    const visitor = "15550002222";
    await receive(whatsAppWebhookRequest(bot, whatsAppNotification(visitor, textMessage("hi"))));
    await receive(whatsAppWebhookRequest(bot, whatsAppNotification(visitor, textMessage("anyone?"))));
    const conversation = await prisma.conversation.findFirstOrThrow({ where: { botId: bot.botId } });
    const dayAndAMinuteAgo = new Date(Date.now() - 24 * 3_600_000 - 60_000);
    await prisma.conversation.update({
      where: { id: conversation.id },
      data: { createdAt: dayAndAMinuteAgo },
    });
    await prisma.conversationMessage.updateMany({
      where: { conversationId: conversation.id },
      data: { createdAt: dayAndAMinuteAgo },
    });
    graphApi.takeCalls();

    const refused = await reply(bot.owner.token, conversation.id, { text: "Sorry for the wait" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: "BAD_REQUEST",
      issues: [
        {
          code: "WHATSAPP_WINDOW_CLOSED",
          path: ["message", "text"],
          message: expect.stringContaining(
            `WhatsApp's 24-hour customer-service window is closed: the visitor last wrote at ${dayAndAMinuteAgo.toISOString()}`,
          ),
        },
      ],
    });
    expect(graphApi.takeCalls()).toEqual([]);
    expect(
      await prisma.conversationMessage.count({ where: { conversationId: conversation.id, author: "agent" } }),
    ).toBe(0);
    // A note is still possible: it is not sent to WhatsApp.
    expect(
      (await reply(bot.owner.token, conversation.id, { text: "Window closed", internal: true })).status,
    ).toBe(200);

    // The visitor writes again: the window is open and the reply goes out.
    await receive(whatsAppWebhookRequest(bot, whatsAppNotification(visitor, textMessage("still there?"))));
    const sent = await reply(bot.owner.token, conversation.id, { text: "Yes!" });
    expect(sent.status).toBe(200);
    expect(graphApi.takeCalls()).toEqual([textSend(visitor, "Yes!")]);
  });

  it("Telegram: the conversation is `telegram`; an agent's reply is a sendMessage to the chat, at any age", async () => {
    const bot = await createTelegramBot(handoffFlow);
    const chatId = 424242;
    await receive(telegramWebhookRequest(bot, telegramTextUpdate(chatId, "hi")));
    const conversation = await prisma.conversation.findFirstOrThrow({ where: { botId: bot.botId } });
    expect(conversation).toMatchObject({ channel: "telegram", status: "waiting" });
    await prisma.conversation.update({
      where: { id: conversation.id },
      data: { createdAt: new Date(Date.now() - 3 * 24 * 3_600_000) },
    });
    botApi.takeCalls();

    const sent = await reply(bot.owner.token, conversation.id, { text: "Hi <Ada> & co" });
    expect(sent.status).toBe(200);
    expect(botApi.takeCalls()).toEqual([
      expectedCall("sendMessage", {
        chat_id: String(chatId),
        text: "Hi &lt;Ada&gt; &amp; co",
        parse_mode: "HTML",
      }),
    ]);
    expect(await queuedDeliveries(bot.credentialsId)).toBe(0);

    // Files: a picture is a sendPhoto, a document a sendDocument, each by its URL after the text.
    const photo = await uploadFile(bot.owner.token, conversation.id, "parcel.jpg", jpeg, "image/jpeg");
    const invoice = await uploadFile(bot.owner.token, conversation.id, "invoice.pdf", pdf, "application/pdf");
    expect(
      (await reply(bot.owner.token, conversation.id, { text: "Your parcel", fileId: photo.id })).status,
    ).toBe(200);
    expect((await reply(bot.owner.token, conversation.id, { fileId: invoice.id })).status).toBe(200);
    expect(botApi.takeCalls()).toEqual([
      expectedCall("sendMessage", { chat_id: String(chatId), text: "Your parcel" }),
      expectedCall("sendPhoto", { chat_id: String(chatId), photo: photo.url }),
      expectedCall("sendDocument", { chat_id: String(chatId), document: invoice.url }),
    ]);
    expect(await fetchSent(photo.url)).toEqual(jpeg);
    expect(await fetchSent(invoice.url)).toEqual(pdf);
  });
});
