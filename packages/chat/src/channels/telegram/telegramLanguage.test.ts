import { getPrisma } from "@parley/db";
import { describe, expect, it } from "vitest";
import { readResponse } from "../../testing/chatFixtures";
import { createChannelTestContext } from "../../testing/createChannelTestContext";
import { createTelegramBot, expectedCall, telegramWebhookRequest } from "../../testing/telegramFixtures";
import { group, startEdge, startEvent, text } from "../../testing/testFlows";
import { messagingOn } from "../../testing/whatsAppFixtures";

const prisma = getPrisma();
const channel = createChannelTestContext({ apis: { telegram: true } });

/** Greets in English, French or Arabic, then asks a name with a translated placeholder. */
const bilingualFlow = {
  events: [startEvent],
  groups: [
    group("g-1", [
      text("b-hello", "Hello!"),
      {
        id: "b-name",
        type: "text input",
        options: { variableId: "v-name", labels: { placeholder: "Your name?" } },
      },
    ]),
  ],
  edges: [startEdge("g-1")],
  variables: [{ id: "v-name", name: "Name" }],
  settings: {
    ...messagingOn(),
    languages: {
      defaultLanguage: "en",
      languages: ["fr", "ar"],
      translations: {
        fr: {
          "block:b-hello:content.richText": {
            value: [{ type: "p", children: [{ text: "Bonjour !" }] }],
            status: "reviewed",
          },
          "block:b-name:options.labels.placeholder": { value: "Votre nom ?", status: "reviewed" },
        },
      },
    },
  },
};

let updateId = 810_000_000;
/** A text message of a user whose Telegram client is in `languageCode`. */
const textUpdate = (chatId: number, body: string, languageCode?: string) => {
  updateId += 1;
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      from: {
        id: chatId,
        is_bot: false,
        first_name: "Ada",
        ...(languageCode ? { language_code: languageCode } : {}),
      },
      chat: { id: chatId, type: "private", first_name: "Ada" },
      date: Math.floor(Date.now() / 1000),
      text: body,
    },
  };
};

async function send(target: { workspaceId: string; credentialsId: string }, update: unknown) {
  channel.botApi.takeCalls();
  const response = await readResponse(await channel.chat(telegramWebhookRequest(target, update)));
  await channel.runtime.channels.work.idle();
  expect(response).toMatchObject({ status: 200, body: { message: "success" } });
  return channel.botApi.takeCalls();
}

const message = (chatId: number, body: string) =>
  expectedCall("sendMessage", { chat_id: String(chatId), text: body });

describe("Telegram: the user's language_code chooses the conversation's language", () => {
  it("a French client gets the French texts, and the result records fr", async () => {
    const bot = await createTelegramBot(bilingualFlow);
    const chatId = 5553001;
    expect(await send(bot, textUpdate(chatId, "hi", "fr"))).toEqual([
      message(chatId, "Bonjour !"),
      message(chatId, "Votre nom ?"),
    ]);
    const [result] = await prisma.result.findMany({ where: { botId: bot.botId } });
    expect(result?.language).toBe("fr");
  });

  it("a language the bot does not have, or none, falls back to the default language", async () => {
    const bot = await createTelegramBot(bilingualFlow);
    expect(await send(bot, textUpdate(5553002, "hi", "de"))).toEqual([
      message(5553002, "Hello!"),
      message(5553002, "Your name?"),
    ]);
    expect(await send(bot, textUpdate(5553003, "hi"))).toEqual([
      message(5553003, "Hello!"),
      message(5553003, "Your name?"),
    ]);
    const results = await prisma.result.findMany({ where: { botId: bot.botId } });
    expect(results.map((result) => result.language)).toEqual(["en", "en"]);
  });

  it("a regional tag matches the bot's language (fr-CA → fr)", async () => {
    const bot = await createTelegramBot(bilingualFlow);
    expect(await send(bot, textUpdate(5553004, "hi", "fr-CA"))).toEqual([
      message(5553004, "Bonjour !"),
      message(5553004, "Votre nom ?"),
    ]);
  });
});
