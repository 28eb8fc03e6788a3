// @vitest-environment jsdom

import { readResponse } from "@parley/chat/testing/chatFixtures";
import { createChannelTestContext } from "@parley/chat/testing/createChannelTestContext";
import {
  createTelegramBot,
  expectedCall,
  telegramTextUpdate,
  telegramWebhookRequest,
} from "@parley/chat/testing/telegramFixtures";
import type { TestFlow } from "@parley/chat/testing/testFlow";
import { group, startEdge, startEvent, text } from "@parley/chat/testing/testFlows";
import {
  createWhatsAppBot,
  textMessage,
  textSend,
  whatsAppNotification,
  whatsAppWebhookRequest,
} from "@parley/chat/testing/whatsAppFixtures";
import { ChatController, ChatView, createChatClient } from "@parley/chat-widget";
import { englishBlockTexts, ratingInputBlock } from "@parley/schemas";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

// One default rating input (as the catalogue drops it: no options) asked on the web, over WhatsApp
// and over Telegram: each offers the same scale, 0 to 10, and the engine takes 10 and refuses 11.

const channel = createChannelTestContext({ apis: { whatsApp: true, telegram: true } });

afterEach(cleanup);

const defaultRatingFlow: TestFlow = {
  events: [startEvent],
  groups: [
    group("g-1", [
      text("b-ask", "How likely are you to recommend us?"),
      { id: "b-rating", type: ratingInputBlock.type },
      text("b-thanks", "Thanks!"),
    ]),
  ],
  edges: [startEdge("g-1")],
  variables: [],
  settings: { messaging: { isEnabled: true }, typingEmulation: { enabled: false } },
};

const scale = Array.from({ length: 11 }, (_, index) => String(index));
const ask = "How likely are you to recommend us?";
const prompt = "Reply with a number from 0 to 10";
const invalid = "Invalid message. Please, try again.";

describe("a default rating input offers the same scale everywhere", () => {
  it("on the web: buttons 0 to 10, and 10 is accepted", async () => {
    const bot = await createWhatsAppBot(defaultRatingFlow);
    // The widget's own client, answered by the chat endpoints as the viewer mounts them.
    const client = createChatClient({
      apiHost: "http://localhost:3001",
      auth: { chatKey: bot.chatKey },
      fetch: (input, init) => channel.chat(new Request(input, init)),
    });
    const controller = new ChatController({ client, target: { publicId: bot.publicId } });
    render(<ChatView controller={controller} />);
    await act(() => controller.start());

    const buttons = screen.getAllByRole("radio");
    expect(buttons.map((button) => button.getAttribute("aria-label"))).toEqual(scale);
    fireEvent.click(screen.getByRole("radio", { name: "10" }));
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Thanks!")).toBeTruthy();
  });

  it("on the canvas: the block's summary says 0 to 10", () => {
    const summary = ratingInputBlock.getSummary(
      { id: "b-rating", type: ratingInputBlock.type },
      {
        variableName: () => undefined,
        groupTitle: () => undefined,
        t: englishBlockTexts,
        optionValue: (_option, value) => value,
      },
    );
    expect(summary).toBe("Rate from 0 to 10");
  });

  it("in the engine, on the web's chat endpoints: refuses 11, takes 10", async () => {
    const bot = await createWhatsAppBot(defaultRatingFlow);
    const client = createChatClient({
      apiHost: "http://localhost:3001",
      auth: { chatKey: bot.chatKey },
      fetch: (input, init) => channel.chat(new Request(input, init)),
    });
    const start = await client.startChat(bot.publicId, {});
    expect(start.input?.type).toBe(ratingInputBlock.type);
    const refused = await client.continueChat(start.sessionId, { type: "text", text: "11" });
    expect(JSON.stringify(refused.messages)).toContain(invalid);
    expect(refused.input?.id).toBe("b-rating");
    const accepted = await client.continueChat(start.sessionId, { type: "text", text: "10" });
    expect(accepted.input).toBeUndefined();
    expect(JSON.stringify(accepted.messages)).toContain("Thanks!");
  });

  it("over WhatsApp: asks for 0 to 10, refuses 11, takes 10", async () => {
    const bot = await createWhatsAppBot(defaultRatingFlow);
    const to = "33611111111";
    const say = async (body: string) => {
      channel.graph.takeCalls();
      const notification = whatsAppNotification(to, textMessage(body));
      const response = await readResponse(await channel.chat(whatsAppWebhookRequest(bot, notification)));
      expect(response.status).toBe(200);
      await channel.runtime.channels.work.idle();
      return channel.graph.takeCalls();
    };

    expect(await say("hi")).toEqual([textSend(to, ask), textSend(to, prompt)]);
    expect(await say("11")).toEqual([textSend(to, invalid), textSend(to, prompt)]);
    expect(await say("10")).toEqual([textSend(to, "Thanks!")]);
  });

  it("over Telegram: asks for 0 to 10, refuses 11, takes 10", async () => {
    const bot = await createTelegramBot(defaultRatingFlow);
    const chatId = 5559002;
    const sent = (value: string) => expectedCall("sendMessage", { chat_id: String(chatId), text: value });
    const say = async (value: string) => {
      channel.botApi.takeCalls();
      const update = telegramTextUpdate(chatId, value);
      const response = await readResponse(await channel.chat(telegramWebhookRequest(bot, update)));
      expect(response.status).toBe(200);
      await channel.runtime.channels.work.idle();
      return channel.botApi.takeCalls();
    };

    expect(await say("hi")).toEqual([sent(ask), sent(prompt)]);
    expect(await say("11")).toEqual([sent(invalid), sent(prompt)]);
    expect(await say("10")).toEqual([sent("Thanks!")]);
  });
});
