import { getPrisma } from "@parley/db";
import { describe, expect, it } from "vitest";
import { readResponse } from "../testing/chatFixtures";
import { createChannelTestContext } from "../testing/createChannelTestContext";
import { colours, createEveryKindFlow } from "../testing/createEveryKindFlow";
import {
  createTelegramBot,
  expectedCall,
  telegramButtonUpdate,
  telegramTextUpdate,
  telegramWebhookRequest,
} from "../testing/telegramFixtures";
import {
  createWhatsAppBot,
  expectedSend,
  textMessage,
  whatsAppNotification,
  whatsAppWebhookRequest,
} from "../testing/whatsAppFixtures";

// One conversation per channel through every bubble and input kind (createEveryKindFlow), asserting
// the exact calls each turn makes to the platform's API.

const channel = createChannelTestContext({ apis: { whatsApp: true, telegram: true } });

type Target = { workspaceId: string; credentialsId: string };

const richTextPrompt = "Reply with one of these:";
const numbersPrompt = "Reply with the numbers of your choices, separated by commas (e.g. 1, 3):";
const numbered = (labels: string[]) => labels.map((label, index) => `${index + 1}. ${label}`).join("\n");

/** The stored answers of the bot's one result, in order. */
async function readAnswers(botId: string) {
  const results = await getPrisma().result.findMany({
    where: { botId },
    include: { answers: { orderBy: { index: "asc" } } },
  });
  expect(results).toHaveLength(1);
  return {
    isCompleted: results[0]?.isCompleted,
    answers: results[0]?.answers.map((answer) => answer.content),
  };
}

const expectedAnswers = {
  isCompleted: true,
  answers: [
    "Ada",
    "3",
    "ada@example.com",
    "https://ada.dev",
    "+33612345678",
    "25/12/2026",
    "14:30",
    "4",
    "Green",
    "Yellow",
    "Gold",
    "Red, Blue",
    "Dog",
    "Cat, Dog",
    "Basic",
  ],
};

describe("every block kind over WhatsApp", () => {
  async function say(target: Target, from: string, message: Record<string, unknown>) {
    channel.graph.takeCalls();
    const notification = whatsAppNotification(from, message);
    const response = await readResponse(await channel.chat(whatsAppWebhookRequest(target, notification)));
    expect(response.status).toBe(200);
    await channel.runtime.channels.work.idle();
    return channel.graph.takeCalls();
  }
  const interactiveReply = (kind: "button_reply" | "list_reply", id: string, title: string) => ({
    type: "interactive",
    interactive: { type: kind, [kind]: { id, title } },
  });

  it("sends each kind as the Cloud API message that fits it and takes each reply", async () => {
    const bot = await createWhatsAppBot(createEveryKindFlow());
    const to = "33611111111";
    const send = (message: Record<string, unknown>) => expectedSend(to, message);
    const text = (body: string) => send({ type: "text", text: { body } });
    const buttons = (body: string, choices: [string, string][], header?: Record<string, unknown>) =>
      send({
        type: "interactive",
        interactive: {
          type: "button",
          ...(header ? { header } : {}),
          body: { text: body },
          action: { buttons: choices.map(([id, title]) => ({ type: "reply", reply: { id, title } })) },
        },
      });
    const list = (body: string, rows: [string, string][]) =>
      send({
        type: "interactive",
        interactive: {
          type: "list",
          body: { text: body },
          action: { button: "Select", sections: [{ rows: rows.map(([id, title]) => ({ id, title })) }] },
        },
      });
    const pictures = [
      send({ type: "image", image: { link: "https://media.test/cat.png", caption: "Cat\nSleeps a lot" } }),
      send({ type: "image", image: { link: "https://media.test/dog.png", caption: "Dog" } }),
    ];

    expect(await say(bot, to, textMessage("hi"))).toEqual([
      text(
        "Hello *dear friend*, _welcome_ to ~the old~ our shop (https://shop.test/)\n" +
          "1 < 2 & *\u200bstars* stay\n- Fast\n- *Cheap*",
      ),
      send({ type: "image", image: { link: "https://media.test/cat.png" } }),
      send({ type: "video", video: { link: "https://media.test/clip.mp4" } }),
      text("https://youtu.be/abc"),
      send({ type: "audio", audio: { link: "https://media.test/hello.mp3" } }),
      text("https://cal.test/book"),
      text("Your name?"),
    ]);
    expect(await say(bot, to, textMessage("Ada"))).toEqual([text("Reply with a number from 1 to 5")]);
    expect(await say(bot, to, textMessage("9"))).toEqual([
      text("Invalid message. Please, try again."),
      text("Reply with a number from 1 to 5"),
    ]);
    expect(await say(bot, to, textMessage("3"))).toEqual([text("Reply with an email address")]);
    expect(await say(bot, to, textMessage("nope"))).toEqual([
      text("That is not an e-mail address"),
      text("Reply with an email address"),
    ]);
    expect(await say(bot, to, textMessage("ada@example.com"))).toEqual([
      text("Reply with a website address (URL)"),
    ]);
    expect(await say(bot, to, textMessage("https://ada.dev"))).toEqual([text("Reply with a phone number")]);
    expect(await say(bot, to, textMessage("06 12 34 56 78"))).toEqual([
      text("Reply with a date (dd/MM/yyyy)"),
    ]);
    expect(await say(bot, to, textMessage("25/12/2026"))).toEqual([text("Reply with a time (HH:mm)")]);
    expect(await say(bot, to, textMessage("14:30"))).toEqual([text("Reply with a number from 1 to 5")]);
    expect(await say(bot, to, textMessage("4"))).toEqual([
      buttons(richTextPrompt, [
        ["three-1", "Red"],
        ["three-2", "Green"],
        ["three-3", "Blue"],
      ]),
    ]);
    expect(await say(bot, to, interactiveReply("button_reply", "three-2", "Green"))).toEqual([
      list(
        richTextPrompt,
        colours.slice(0, 5).map((label, index) => [`five-${index + 1}`, label]),
      ),
    ]);
    expect(await say(bot, to, interactiveReply("list_reply", "five-4", "Yellow"))).toEqual([
      text(`${richTextPrompt}\n${numbered(colours)}`),
    ]);
    expect(await say(bot, to, textMessage("12"))).toEqual([
      text(`${numbersPrompt}\n${numbered(colours.slice(0, 3))}`),
    ]);
    expect(await say(bot, to, textMessage("1, 3"))).toEqual([
      ...pictures,
      list(richTextPrompt, [
        ["pic-cat", "Cat"],
        ["pic-dog", "Dog"],
      ]),
    ]);
    expect(await say(bot, to, interactiveReply("list_reply", "pic-dog", "Dog"))).toEqual([
      ...pictures,
      text(`${numbersPrompt}\n1. Cat\n2. Dog`),
    ]);
    expect(await say(bot, to, textMessage("1, 2"))).toEqual([
      buttons(
        "*Basic*\nFor one team",
        [
          ["path-buy", "Buy"],
          ["path-info", "Details"],
        ],
        { type: "image", image: { link: "https://media.test/basic.png" } },
      ),
      buttons("*Pro*", [["path-call", "Call us"]]),
    ]);
    expect(await say(bot, to, interactiveReply("button_reply", "path-info", "Details"))).toEqual([
      text('Send a file, or reply "Skip" to skip'),
    ]);
    expect(await say(bot, to, textMessage("Skip"))).toEqual([text("Thanks Ada: Red, Blue")]);
    expect(await readAnswers(bot.botId)).toEqual(expectedAnswers);
  });
});

describe("every block kind over Telegram", () => {
  async function update(target: Target, body: unknown) {
    channel.botApi.takeCalls();
    const response = await readResponse(await channel.chat(telegramWebhookRequest(target, body)));
    expect(response.status).toBe(200);
    await channel.runtime.channels.work.idle();
    return channel.botApi.takeCalls();
  }

  it("sends each kind as the Bot API call that fits it and takes each reply", async () => {
    const bot = await createTelegramBot(createEveryKindFlow());
    const chatId = 5559001;
    const call = (method: string, body: Record<string, unknown>) =>
      expectedCall(method, { chat_id: String(chatId), ...body });
    const text = (value: string) => call("sendMessage", { text: value });
    const keyboard = (choices: [string, string][]) => ({
      inline_keyboard: choices.map(([id, label]) => [{ text: label, callback_data: id }]),
    });
    const press = async (id: string, label: string) => {
      const pressed = telegramButtonUpdate(chatId, id, keyboard([[id, label]]).inline_keyboard);
      const calls = await update(bot, pressed);
      expect(calls[0]).toEqual(
        expectedCall("answerCallbackQuery", { callback_query_id: pressed.callback_query.id }),
      );
      return calls.slice(1);
    };
    const say = (value: string) => update(bot, telegramTextUpdate(chatId, value));
    const pictures = [
      call("sendPhoto", { photo: "https://media.test/cat.png", caption: "Cat\nSleeps a lot" }),
      call("sendPhoto", { photo: "https://media.test/dog.png", caption: "Dog" }),
    ];

    expect(await say("hi")).toEqual([
      call("sendMessage", {
        text:
          'Hello <b>dear friend</b>, <i>welcome</i> to <s>the old</s> our <a href="https://shop.test/">shop</a>\n' +
          "1 &lt; 2 &amp; *stars* stay\n• Fast\n• <b>Cheap</b>",
        parse_mode: "HTML",
      }),
      call("sendPhoto", { photo: "https://media.test/cat.png" }),
      call("sendVideo", { video: "https://media.test/clip.mp4" }),
      text("https://youtu.be/abc"),
      call("sendAudio", { audio: "https://media.test/hello.mp3" }),
      text("https://cal.test/book"),
      text("Your name?"),
    ]);
    expect(await say("Ada")).toEqual([text("Reply with a number from 1 to 5")]);
    expect(await say("9")).toEqual([
      text("Invalid message. Please, try again."),
      text("Reply with a number from 1 to 5"),
    ]);
    expect(await say("3")).toEqual([text("Reply with an email address")]);
    expect(await say("nope")).toEqual([
      text("That is not an e-mail address"),
      text("Reply with an email address"),
    ]);
    expect(await say("ada@example.com")).toEqual([text("Reply with a website address (URL)")]);
    expect(await say("https://ada.dev")).toEqual([text("Reply with a phone number")]);
    expect(await say("06 12 34 56 78")).toEqual([text("Reply with a date (dd/MM/yyyy)")]);
    expect(await say("25/12/2026")).toEqual([text("Reply with a time (HH:mm)")]);
    expect(await say("14:30")).toEqual([text("Reply with a number from 1 to 5")]);
    const asKeys = (prefix: string, count: number) =>
      colours.slice(0, count).map((label, index): [string, string] => [`${prefix}-${index + 1}`, label]);
    expect(await say("4")).toEqual([
      call("sendMessage", { text: richTextPrompt, reply_markup: keyboard(asKeys("three", 3)) }),
    ]);
    expect(await press("three-2", "Green")).toEqual([
      call("sendMessage", { text: richTextPrompt, reply_markup: keyboard(asKeys("five", 5)) }),
    ]);
    // A keyboard holds more buttons than a WhatsApp list: 12 options stay buttons.
    expect(await press("five-4", "Yellow")).toEqual([
      call("sendMessage", { text: richTextPrompt, reply_markup: keyboard(asKeys("twelve", 12)) }),
    ]);
    expect(await say("12")).toEqual([text(`${numbersPrompt}\n${numbered(colours.slice(0, 3))}`)]);
    expect(await say("1, 3")).toEqual([
      ...pictures,
      call("sendMessage", {
        text: richTextPrompt,
        reply_markup: keyboard([
          ["pic-cat", "Cat"],
          ["pic-dog", "Dog"],
        ]),
      }),
    ]);
    expect(await press("pic-dog", "Dog")).toEqual([...pictures, text(`${numbersPrompt}\n1. Cat\n2. Dog`)]);
    expect(await say("1, 2")).toEqual([
      call("sendPhoto", {
        photo: "https://media.test/basic.png",
        caption: "<b>Basic</b>\nFor one team",
        parse_mode: "HTML",
        reply_markup: keyboard([
          ["path-buy", "Buy"],
          ["path-info", "Details"],
        ]),
      }),
      call("sendMessage", {
        text: "<b>Pro</b>",
        parse_mode: "HTML",
        reply_markup: keyboard([["path-call", "Call us"]]),
      }),
    ]);
    expect(await press("path-info", "Details")).toEqual([text('Send a file, or reply "Skip" to skip')]);
    expect(await say("Skip")).toEqual([text("Thanks Ada: Red, Blue")]);
    expect(await readAnswers(bot.botId)).toEqual(expectedAnswers);
  });
});
