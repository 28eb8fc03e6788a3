import { describe, expect, it } from "vitest";
import { readResponse } from "../testing/chatFixtures";
import { createChannelTestContext } from "../testing/createChannelTestContext";
import { createTelegramBot, expectedCall, telegramWebhookRequest } from "../testing/telegramFixtures";
import { group, startEdge, startEvent, text } from "../testing/testFlows";
import {
  createWhatsAppBot,
  expectedSend,
  messagingOn,
  textMessage,
  textSend,
  whatsAppNotification,
  whatsAppWebhookRequest,
} from "../testing/whatsAppFixtures";

// The texts the runtime writes itself on WhatsApp and Telegram (hints, list button, retries) follow the session's
// language, and a bot's own translated system messages come first (docs/languages.md, "Texts the runtime writes").

const channel = createChannelTestContext({ apis: { whatsApp: true, telegram: true } });

async function say(target: { workspaceId: string; credentialsId: string }, from: string, message: unknown) {
  channel.graph.takeCalls();
  const payload = whatsAppNotification(from, message as Record<string, unknown>);
  const response = await readResponse(await channel.chat(whatsAppWebhookRequest(target, payload)));
  await channel.runtime.channels.work.idle();
  expect(response).toMatchObject({ status: 200, body: { message: "success" } });
  return channel.graph.takeCalls();
}

let updateId = 820_000_000;
async function send(
  target: { workspaceId: string; credentialsId: string },
  chatId: number,
  body: string,
  languageCode: string,
) {
  updateId += 1;
  const update = {
    update_id: updateId,
    message: {
      message_id: updateId,
      from: { id: chatId, is_bot: false, first_name: "Ada", language_code: languageCode },
      chat: { id: chatId, type: "private", first_name: "Ada" },
      date: Math.floor(Date.now() / 1000),
      text: body,
    },
  };
  channel.botApi.takeCalls();
  const response = await readResponse(await channel.chat(telegramWebhookRequest(target, update)));
  await channel.runtime.channels.work.idle();
  expect(response).toMatchObject({ status: 200, body: { message: "success" } });
  return channel.botApi.takeCalls();
}
const telegramText = (chatId: number, body: string) =>
  expectedCall("sendMessage", { chat_id: String(chatId), text: body });

/** A bot written in French: a colour among four (a WhatsApp list), then a number from 1 to 5. */
const frenchFlow = {
  events: [startEvent],
  groups: [
    group("g-1", [
      text("b-hello", "Bonjour !"),
      {
        id: "b-colour",
        type: "choice input",
        items: ["Rouge", "Vert", "Bleu", "Jaune"].map((content, index) => ({ id: `i-${index}`, content })),
        options: { variableId: "v-colour" },
      },
      { id: "b-count", type: "number input", options: { variableId: "v-count", min: 1, max: 5 } },
    ]),
  ],
  edges: [startEdge("g-1")],
  variables: [
    { id: "v-colour", name: "Colour" },
    { id: "v-count", name: "Count" },
  ],
  settings: { ...messagingOn(), languages: { defaultLanguage: "fr", languages: [] } },
};

describe("WhatsApp in a French session", () => {
  it("writes the choice prompt, the list button, the number hint and the retry in French", async () => {
    const bot = await createWhatsAppBot(frenchFlow);
    const to = "33612340001";
    expect(await say(bot, to, textMessage("Bonjour"))).toEqual([
      textSend(to, "Bonjour !"),
      expectedSend(to, {
        type: "interactive",
        interactive: {
          type: "list",
          body: { text: "Répondez par l’une de ces options :" },
          action: {
            button: "Choisir",
            sections: [
              {
                rows: [
                  { id: "i-0", title: "Rouge" },
                  { id: "i-1", title: "Vert" },
                  { id: "i-2", title: "Bleu" },
                  { id: "i-3", title: "Jaune" },
                ],
              },
            ],
          },
        },
      }),
    ]);
    const picked = {
      type: "interactive",
      interactive: { type: "list_reply", list_reply: { id: "i-2", title: "Bleu" } },
    };
    expect(await say(bot, to, picked)).toEqual([textSend(to, "Répondez avec un nombre de 1 à 5")]);
    expect(await say(bot, to, textMessage("9"))).toEqual([
      textSend(to, "Message invalide. Veuillez réessayer."),
      textSend(to, "Répondez avec un nombre de 1 à 5"),
    ]);
  });
});

/** English with French: an e-mail address; the French invalid message is the author's own translation. */
const bilingualFlow = {
  events: [startEvent],
  groups: [
    group("g-1", [
      text("b-hello", "Hello!"),
      { id: "b-email", type: "email input", options: { variableId: "v-email" } },
    ]),
  ],
  edges: [startEdge("g-1")],
  variables: [{ id: "v-email", name: "Email" }],
  settings: {
    ...messagingOn(),
    languages: {
      defaultLanguage: "en",
      languages: ["fr", "de"],
      translations: {
        fr: {
          "block:b-hello:content.richText": {
            value: [{ type: "p", children: [{ text: "Bonjour !" }] }],
            status: "reviewed",
          },
          "settings:general.systemMessages.invalidMessage": {
            value: "Oups, réessayez !",
            status: "reviewed",
          },
        },
      },
    },
  },
};

describe("Telegram: the user's language writes the runtime's texts", () => {
  it("French: the hint in French, the bot's translated retry message; German: both from the runtime's catalogue", async () => {
    const bot = await createTelegramBot(bilingualFlow);
    expect(await send(bot, 5554001, "salut", "fr")).toEqual([
      telegramText(5554001, "Bonjour !"),
      telegramText(5554001, "Répondez avec une adresse e-mail"),
    ]);
    expect(await send(bot, 5554001, "pas une adresse", "fr")).toEqual([
      telegramText(5554001, "Oups, réessayez !"),
      telegramText(5554001, "Répondez avec une adresse e-mail"),
    ]);
    expect(await send(bot, 5554002, "hallo", "de")).toEqual([
      telegramText(5554002, "Hello!"),
      telegramText(5554002, "Antworten Sie mit einer E-Mail-Adresse"),
    ]);
    expect(await send(bot, 5554002, "keine Adresse", "de")).toEqual([
      telegramText(5554002, "Ungültige Nachricht. Bitte versuchen Sie es erneut."),
      telegramText(5554002, "Antworten Sie mit einer E-Mail-Adresse"),
    ]);
    expect(await send(bot, 5554003, "hello", "en")).toEqual([
      telegramText(5554003, "Hello!"),
      telegramText(5554003, "Reply with an email address"),
    ]);
    expect(await send(bot, 5554003, "not an address", "en")).toEqual([
      telegramText(5554003, "Invalid message. Please, try again."),
      telegramText(5554003, "Reply with an email address"),
    ]);
  });
});

/** A question, a number with a decimal part, then the answer said back; `languages` as the bot has them. */
const decimalFlow = (languages: { defaultLanguage: string; languages: string[] }) => ({
  events: [startEvent],
  groups: [
    group("g-1", [
      text("b-ask", "?"),
      { id: "b-size", type: "number input", options: { variableId: "v-size", min: 1, max: 5, step: 0.5 } },
      text("b-said", "= {{Size}}"),
    ]),
  ],
  edges: [startEdge("g-1")],
  variables: [{ id: "v-size", name: "Size" }],
  settings: { ...messagingOn(), languages },
});

describe("a number typed with the conversation's decimal comma", () => {
  it("WhatsApp, French: 3,5 is the answer 3.5, where 3,5,5 is refused", async () => {
    const bot = await createWhatsAppBot(decimalFlow({ defaultLanguage: "fr", languages: [] }));
    const to = "33612340002";
    expect(await say(bot, to, textMessage("Bonjour"))).toEqual([
      textSend(to, "?"),
      textSend(to, "Répondez avec un nombre de 1 à 5"),
    ]);
    expect(await say(bot, to, textMessage("3,5,5"))).toEqual([
      textSend(to, "Message invalide. Veuillez réessayer."),
      textSend(to, "Répondez avec un nombre de 1 à 5"),
    ]);
    expect(await say(bot, to, textMessage("3,5"))).toEqual([textSend(to, "= 3.5")]);
  });

  it("Telegram: a German visitor's 2,5 and 1.000 are German numbers, an English visitor's 2.5 an English one", async () => {
    const bot = await createTelegramBot(decimalFlow({ defaultLanguage: "en", languages: ["de"] }));
    await send(bot, 5554011, "hallo", "de");
    expect(await send(bot, 5554011, "2,5", "de")).toEqual([telegramText(5554011, "= 2.5")]);
    await send(bot, 5554012, "hallo", "de");
    // 1.000 is a thousand in German: above the maximum.
    expect((await send(bot, 5554012, "1.000", "de"))[0]).toEqual(
      telegramText(5554012, "Ungültige Nachricht. Bitte versuchen Sie es erneut."),
    );
    await send(bot, 5554013, "hello", "en");
    expect(await send(bot, 5554013, "2.5", "en")).toEqual([telegramText(5554013, "= 2.5")]);
  });
});
