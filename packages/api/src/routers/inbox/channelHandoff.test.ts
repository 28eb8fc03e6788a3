import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

// A whole handoff on WhatsApp and Telegram: the visitor writes through the chat runtime's webhooks, the agent works
// through the REST API, and every message either side gets is read where it lands — the conversation's rows, or the
// bytes the local Cloud API and Bot API servers (on loopback) receive.
const { graphApi, botApi } = await vi.hoisted(async () =>
  (await import("@parley/chat/testing/startLocalMessagingApis")).startLocalMessagingApis(),
);

import { takeHandoffFallbacks } from "@parley/chat/handoff/handoffTimeouts";
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
  messagingOn,
  textMessage,
  textSend,
  whatsAppNotification,
  whatsAppWebhookRequest,
} from "@parley/chat/testing/whatsAppFixtures";
import { getPrisma } from "@parley/db";
import { logger } from "@parley/platform/logger";
import { getBuilderChatRuntime } from "../../builderChatRuntime";
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

/**
 * Hello, a Talk to a human block (its resolution in {{Resolution}}), then the bot again: it says the resolution,
 * asks for the order number and thanks. The fallback path (closed, nobody available, nobody took it in time) asks
 * for an e-mail instead.
 */
const journeyFlow = (handoff: Record<string, unknown> = {}) => ({
  events: [startEvent],
  groups: [
    group("g-1", [
      text("b-hello", "Hello"),
      {
        id: "b-handoff",
        type: "Human handoff",
        items: [{ id: "i-fallback", path: "fallback", outgoingEdgeId: "e-fallback" }],
        options: { isQueuePositionShown: false, resolutionVariableId: "v-resolution", ...handoff },
      },
      text("b-back", "Back with the bot: {{Resolution}}"),
      text("b-ask", "Your order number?"),
      { id: "b-order", type: "text input", options: { variableId: "v-order" } },
      text("b-thanks", "Thanks, order {{Order}} noted"),
    ]),
    group("g-fallback", [text("b-fallback", "Nobody is free now: leave your e-mail")], { x: 400 }),
  ],
  edges: [
    startEdge("g-1"),
    { id: "e-fallback", from: { blockId: "b-handoff", itemId: "i-fallback" }, to: { groupId: "g-fallback" } },
  ],
  variables: [
    { id: "v-resolution", name: "Resolution" },
    { id: "v-order", name: "Order" },
  ],
  settings: messagingOn(),
});

const waitingText = "Thanks! A member of our team will be with you shortly.";
/** The prompts a messaging visitor gets for the text box of the handoff (to write to the agent) and of a text input. */
const handoffPrompt = "Type your message…";
const inputPrompt = "Type your answer...";

/** One webhook call, answered once the turns it started are done. */
async function receive(request: Request) {
  const response = await readResponse(await chat(request));
  expect(response.status).toBe(200);
  await runtime.channels.work.idle();
}

/** The builder's channel work done: what a close sent on the channel has reached the local platform. */
const builderSendsDone = () => getBuilderChatRuntime().channels.work.idle();

/** The agent's side, through the REST API: the waiting list, take, reply, the transcript, close. */
function agentOf(bot: { workspaceId: string; owner: { token: string; user: { id: string } } }) {
  const { token } = bot.owner;
  return {
    waiting: async () => {
      const list = await callApi("GET", `/workspaces/${bot.workspaceId}/conversations?status=waiting`, {
        token,
      });
      expect(list.status).toBe(200);
      return list.body.conversations as { id: string; channel: string; status: string }[];
    },
    take: (id: string) =>
      callApi("POST", `/conversations/${id}/assign`, { token, body: { userId: bot.owner.user.id } }),
    reply: (id: string, words: string) =>
      callApi("POST", `/conversations/${id}/messages`, { token, body: { message: { text: words } } }),
    said: async (id: string) => {
      const read = await callApi("GET", `/conversations/${id}`, { token });
      expect(read.status).toBe(200);
      return (read.body.conversation.messages as { author: string; text: string }[])
        .filter((message) => message.author !== "system")
        .map((message) => [message.author, message.text]);
    },
    close: (id: string, body: Record<string, unknown>) =>
      callApi("POST", `/conversations/${id}/close`, { token, body }),
  };
}

const answersOf = (resultId: string | null) =>
  prisma.answer.findMany({ where: { resultId: resultId ?? "" }, select: { content: true } });

describe("a handoff on a messaging channel, from the visitor's message to the bot's return", () => {
  it("WhatsApp: waiting, taken, replied to, answered, closed with resume: the bot goes on on WhatsApp", async () => {
    const bot = await createWhatsAppBot(journeyFlow());
    const agent = agentOf(bot);
    const visitor = "15550004444";
    const fromVisitor = (words: string) =>
      receive(whatsAppWebhookRequest(bot, whatsAppNotification(visitor, textMessage(words))));
    const sentToVisitor = () => graphApi.takeCalls().map((call) => call.body);

    await fromVisitor("hi");
    expect(sentToVisitor()).toEqual(
      ["Hello", waitingText, handoffPrompt].map((words) => textSend(visitor, words).body),
    );
    const [waiting] = (await agent.waiting()).filter((c) => c.channel === "whatsapp");
    const conversation = await prisma.conversation.findFirstOrThrow({ where: { botId: bot.botId } });
    expect(waiting).toMatchObject({ id: conversation.id, status: "waiting" });

    expect((await agent.take(conversation.id)).body.conversation).toMatchObject({ status: "open" });
    expect((await agent.reply(conversation.id, "Hi, I am Ada. What happened?")).status).toBe(200);
    expect(graphApi.takeCalls()).toEqual([textSend(visitor, "Hi, I am Ada. What happened?")]);

    await fromVisitor("My parcel is late");
    expect(sentToVisitor()).toEqual([]);
    expect(await agent.said(conversation.id)).toEqual([
      ["agent", "Hi, I am Ada. What happened?"],
      ["visitor", "My parcel is late"],
    ]);

    const closed = await agent.close(conversation.id, { resolution: "refund sent", resume: true });
    expect(closed.status).toBe(200);
    expect(closed.body.conversation).toMatchObject({ status: "closed", resolution: "refund sent" });
    await builderSendsDone();
    expect(sentToVisitor()).toEqual(
      ["Back with the bot: refund sent", "Your order number?", inputPrompt].map(
        (words) => textSend(visitor, words).body,
      ),
    );

    // The visitor's next message is the bot's again: it answers the flow's input.
    await fromVisitor("A-17");
    expect(sentToVisitor()).toEqual([textSend(visitor, "Thanks, order A-17 noted").body]);
    expect(await answersOf(conversation.resultId)).toEqual([{ content: "A-17" }]);
    expect(await agent.said(conversation.id)).toEqual([
      ["agent", "Hi, I am Ada. What happened?"],
      ["visitor", "My parcel is late"],
    ]);
  });

  it("Telegram: waiting, taken, replied to, answered, closed with resume: the bot goes on in the chat", async () => {
    const bot = await createTelegramBot(journeyFlow());
    const agent = agentOf(bot);
    const chatId = 515151;
    const fromVisitor = (words: string) =>
      receive(telegramWebhookRequest(bot, telegramTextUpdate(chatId, words)));
    const sentTexts = () =>
      botApi
        .takeCalls()
        .filter((call) => call.path.endsWith("/sendMessage"))
        .map((call) => (call.body as { text: string }).text);

    await fromVisitor("hi");
    expect(sentTexts()).toEqual(["Hello", waitingText, handoffPrompt]);
    const conversation = await prisma.conversation.findFirstOrThrow({ where: { botId: bot.botId } });
    expect((await agent.waiting()).find((c) => c.id === conversation.id)).toMatchObject({
      channel: "telegram",
      status: "waiting",
    });

    expect((await agent.take(conversation.id)).status).toBe(200);
    expect((await agent.reply(conversation.id, "Hi, I am Ada. What happened?")).status).toBe(200);
    expect(botApi.takeCalls()).toEqual([
      expectedCall("sendMessage", { chat_id: String(chatId), text: "Hi, I am Ada. What happened?" }),
    ]);

    await fromVisitor("My parcel is late");
    expect(botApi.takeCalls()).toEqual([]);
    expect(await agent.said(conversation.id)).toEqual([
      ["agent", "Hi, I am Ada. What happened?"],
      ["visitor", "My parcel is late"],
    ]);

    const closed = await agent.close(conversation.id, { resolution: "refund sent", resume: true });
    expect(closed.status).toBe(200);
    await builderSendsDone();
    expect(sentTexts()).toEqual(["Back with the bot: refund sent", "Your order number?", inputPrompt]);

    await fromVisitor("A-17");
    expect(sentTexts()).toEqual(["Thanks, order A-17 noted"]);
    expect(await answersOf(conversation.resultId)).toEqual([{ content: "A-17" }]);
  });

  it("closed without resume: the chat ends with nothing more sent; the visitor's next message starts the bot anew", async () => {
    const bot = await createWhatsAppBot(journeyFlow());
    const visitor = "15550005555";
    const fromVisitor = (words: string) =>
      receive(whatsAppWebhookRequest(bot, whatsAppNotification(visitor, textMessage(words))));
    await fromVisitor("hi");
    const conversation = await prisma.conversation.findFirstOrThrow({ where: { botId: bot.botId } });
    graphApi.takeCalls();
    expect((await agentOf(bot).close(conversation.id, { resume: false })).status).toBe(200);
    await builderSendsDone();
    expect(graphApi.takeCalls()).toEqual([]);
    await fromVisitor("hello again");
    expect(graphApi.takeCalls().map((call) => call.body)[0]).toEqual(textSend(visitor, "Hello").body);
  });

  it("nobody took it in time: the fallback path's messages are sent on WhatsApp", async () => {
    const bot = await createWhatsAppBot(journeyFlow({ pickUpTimeoutMinutes: 1 }));
    const visitor = "15550006666";
    await receive(whatsAppWebhookRequest(bot, whatsAppNotification(visitor, textMessage("hi"))));
    const conversation = await prisma.conversation.findFirstOrThrow({ where: { botId: bot.botId } });
    graphApi.takeCalls();
    await prisma.conversation.update({
      where: { id: conversation.id },
      data: { pickUpTimeoutAt: new Date(Date.now() - 1_000) },
    });
    await takeHandoffFallbacks(runtime, logger);
    await runtime.channels.work.idle();
    expect(graphApi.takeCalls()).toEqual([textSend(visitor, "Nobody is free now: leave your e-mail")]);
    expect(await prisma.conversation.findUniqueOrThrow({ where: { id: conversation.id } })).toMatchObject({
      status: "closed",
      isResumed: false,
    });
  });

  it("outside business hours and with nobody available: the fallback path at once on the channel, no conversation", async () => {
    const day = 86_400_000;
    const aroundToday = [-1, 0, 1].map((offset) =>
      new Date(Date.now() + offset * day).toISOString().slice(0, 10),
    );
    const closedToday = await createTelegramBot(
      journeyFlow({
        businessHours: {
          isEnabled: true,
          timeZone: "UTC",
          ranges: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ day: weekday, start: "00:00", end: "23:59" })),
          holidays: aroundToday,
        },
      }),
    );
    await receive(telegramWebhookRequest(closedToday, telegramTextUpdate(616161, "hi")));
    expect(botApi.takeCalls()).toEqual([
      expectedCall("sendMessage", { chat_id: "616161", text: "Hello" }),
      expectedCall("sendMessage", { chat_id: "616161", text: "Nobody is free now: leave your e-mail" }),
    ]);

    const unstaffed = await createWhatsAppBot(journeyFlow({ isFallbackWhenNobodyAvailable: true }));
    const visitor = "15550007777";
    await prisma.agentPresence.create({
      data: { workspaceId: unstaffed.workspaceId, userId: unstaffed.owner.user.id, status: "away" },
    });
    await receive(whatsAppWebhookRequest(unstaffed, whatsAppNotification(visitor, textMessage("hi"))));
    expect(graphApi.takeCalls()).toEqual([
      textSend(visitor, "Hello"),
      textSend(visitor, "Nobody is free now: leave your e-mail"),
    ]);
    expect(
      await prisma.conversation.count({ where: { botId: { in: [closedToday.botId, unstaffed.botId] } } }),
    ).toBe(0);
  });
});
