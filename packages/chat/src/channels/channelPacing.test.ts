import { describe, expect, it } from "vitest";
import { readResponse } from "../testing/chatFixtures";
import { createChannelTestContext } from "../testing/createChannelTestContext";
import {
  createTelegramBot,
  expectedCall,
  telegramTextUpdate,
  telegramWebhookRequest,
} from "../testing/telegramFixtures";
import type { TestFlow } from "../testing/testFlow";
import { createGreetingFlow, group, text } from "../testing/testFlows";
import {
  createWhatsAppBot,
  messagingOn,
  textMessage,
  textSend,
  whatsAppNotification,
  whatsAppWebhookRequest,
} from "../testing/whatsAppFixtures";
import { createWhatsAppSendRate } from "./whatsapp/createWhatsAppSendRate";

// The runtime's clock for send rates, moved on by its sleep, which records each pause instead of waiting.
let time = 0;
const pauses: number[] = [];
const channel = createChannelTestContext({
  apis: { whatsApp: true, telegram: true },
  chat: () => ({
    channels: {
      whatsAppSendRate: createWhatsAppSendRate(80, () => time),
      sleep: async (ms) => {
        pauses.push(ms);
        time += ms;
      },
    },
  }),
});

const typingOn = { ...messagingOn(), typingEmulation: { enabled: true, speed: 400, maxDelay: 3 } };

async function whatsApp(target: { workspaceId: string; credentialsId: string }, from: string, body: string) {
  channel.graph.takeCalls();
  pauses.length = 0;
  const response = await channel.chat(
    whatsAppWebhookRequest(target, whatsAppNotification(from, textMessage(body))),
  );
  expect(response.status).toBe(200);
  await channel.runtime.channels.work.idle();
  return { calls: channel.graph.takeCalls(), pauses: [...pauses] };
}

describe("typing emulation on channels", () => {
  it("pauses before each WhatsApp reply as the bot's typing emulation says, not before a conversation's first", async () => {
    const bot = await createWhatsAppBot(createGreetingFlow(typingOn));
    const from = "33633330001";
    // "Hello !" opens the conversation (no pause); "Type your answer..." is 3 words at 400 a minute.
    expect(await whatsApp(bot, from, "hi")).toEqual({
      calls: [textSend(from, "Hello !"), textSend(from, "Type your answer...")],
      pauses: [450],
    });
    expect(await whatsApp(bot, from, "Ada")).toEqual({
      calls: [textSend(from, "Reply with an email address")],
      // 5 words.
      pauses: [750],
    });
  });

  it("shows Telegram's typing signal during each pause", async () => {
    const bot = await createTelegramBot(createGreetingFlow(typingOn));
    channel.botApi.takeCalls();
    pauses.length = 0;
    const response = await readResponse(
      await channel.chat(telegramWebhookRequest(bot, telegramTextUpdate(6101, "hi"))),
    );
    expect(response.status).toBe(200);
    await channel.runtime.channels.work.idle();
    expect(channel.botApi.takeCalls()).toEqual([
      expectedCall("sendMessage", { chat_id: "6101", text: "Hello !" }),
      expectedCall("sendChatAction", { chat_id: "6101", action: "typing" }),
      expectedCall("sendMessage", { chat_id: "6101", text: "Type your answer..." }),
    ]);
    expect(pauses).toEqual([450]);
  });
});

describe("WhatsApp send rate", () => {
  it("sends a turn of 23 messages to one user: the first 20 at once, then one every 6 s, none dropped", async () => {
    const bubbles = Array.from({ length: 23 }, (_, index) => text(`b-${index}`, `Line ${index + 1}`));
    const flow: TestFlow = {
      ...createGreetingFlow(messagingOn()),
      groups: [group("g-1", bubbles)],
    };
    const bot = await createWhatsAppBot(flow);
    const from = "33633330002";
    const sent = await whatsApp(bot, from, "hi");
    expect(sent.calls).toEqual(bubbles.map((_, index) => textSend(from, `Line ${index + 1}`)));
    expect(sent.pauses).toEqual([6_000, 6_000, 6_000]);
  });
});
