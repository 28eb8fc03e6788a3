import { getPrisma } from "@parley/db";
import { describe, expect, it } from "vitest";
import { readResponse } from "../../testing/chatFixtures";
import { createChannelTestContext } from "../../testing/createChannelTestContext";
import { localBotApiUsername } from "../../testing/startLocalTelegramBotApi";
import {
  createTelegramBot,
  expectedCall,
  telegramButtonUpdate,
  telegramCommandUpdate,
  telegramTextUpdate,
  telegramWebhookRequest,
} from "../../testing/telegramFixtures";
import {
  createColourChoiceFlow,
  createGreetingFlow,
  group,
  startEdge,
  startEvent,
  text,
} from "../../testing/testFlows";
import { messagingOn } from "../../testing/whatsAppFixtures";

const prisma = getPrisma();
const channel = createChannelTestContext({ apis: { telegram: true } });

/** A webhook call, answered once the turns it started are done (they run after the acknowledgement). */
async function post(target: { workspaceId: string; credentialsId: string }, update: unknown, options = {}) {
  const response = await readResponse(await channel.chat(telegramWebhookRequest(target, update, options)));
  await channel.runtime.channels.work.idle();
  return response;
}

async function send(target: { workspaceId: string; credentialsId: string }, update: unknown) {
  channel.botApi.takeCalls();
  expect(await post(target, update)).toMatchObject({ status: 200, body: { message: "success" } });
  return channel.botApi.takeCalls();
}

const message = (chatId: number, body: string) =>
  expectedCall("sendMessage", { chat_id: String(chatId), text: body });

const colourFlow = createColourChoiceFlow(
  [
    { id: "i-red", content: "Red" },
    { id: "i-blue", content: "Blue" },
  ],
  messagingOn(),
);

/** Asks a name first thing (nothing shown before), then thanks, naming the deep link's {{start}}. */
const nameFirstFlow = {
  events: [startEvent],
  groups: [
    group("g-1", [
      {
        id: "b-name",
        type: "text input",
        options: { variableId: "v-name", labels: { placeholder: "Your name?" } },
      },
      text("b-thanks", "Thanks {{Name}}, from {{start}}"),
    ]),
  ],
  edges: [startEdge("g-1")],
  variables: [
    { id: "v-name", name: "Name" },
    { id: "v-start", name: "start" },
  ],
  settings: messagingOn(),
};

/** The bot's results, oldest first, with their answers' contents and their variables by name. */
async function readResults(botId: string) {
  const results = await prisma.result.findMany({
    where: { botId },
    orderBy: { createdAt: "asc" },
    include: { answers: { orderBy: { index: "asc" } } },
  });
  return results.map((result) => ({
    isCompleted: result.isCompleted,
    answers: result.answers.map((answer) => answer.content),
    variables: Object.fromEntries(
      (result.variables as { name: string; value: unknown }[]).map((variable) => [
        variable.name,
        variable.value,
      ]),
    ),
  }));
}

describe("Telegram's /start command", () => {
  it("the Start button's /start asks a flow's first question and is never its answer", async () => {
    const bot = await createTelegramBot(nameFirstFlow);
    const chatId = 5552001;
    expect(await send(bot, telegramCommandUpdate(chatId, "/start"))).toEqual([message(chatId, "Your name?")]);
    expect(await send(bot, telegramTextUpdate(chatId, "Ada"))).toEqual([
      message(chatId, "Thanks Ada, from "),
    ]);
    expect(await readResults(bot.botId)).toEqual([
      { isCompleted: true, answers: ["Ada"], variables: expect.objectContaining({ Name: "Ada" }) },
    ]);
    expect((await readResults(bot.botId))[0]?.variables).not.toHaveProperty("start");
  });

  it("a deep link's /start <payload> prefills the variable named start, available to the whole flow", async () => {
    const bot = await createTelegramBot(nameFirstFlow);
    const chatId = 5552002;
    expect(await send(bot, telegramCommandUpdate(chatId, "/start spring_promo-42"))).toEqual([
      message(chatId, "Your name?"),
    ]);
    expect(await send(bot, telegramTextUpdate(chatId, "Ada"))).toEqual([
      message(chatId, "Thanks Ada, from spring_promo-42"),
    ]);
    expect(await readResults(bot.botId)).toEqual([
      { isCompleted: true, answers: ["Ada"], variables: { Name: "Ada", start: "spring_promo-42" } },
    ]);
  });

  it("/start during a conversation starts it again from the beginning, as a new chat", async () => {
    const bot = await createTelegramBot(createGreetingFlow(messagingOn()));
    const chatId = 5552004;
    await send(bot, telegramCommandUpdate(chatId, "/start"));
    expect(await send(bot, telegramTextUpdate(chatId, "Ada"))).toEqual([
      message(chatId, "Reply with an email address"),
    ]);
    expect(await send(bot, telegramCommandUpdate(chatId, "/start"))).toEqual([
      message(chatId, "Hello !"),
      message(chatId, "Type your answer..."),
    ]);
    expect(await send(bot, telegramTextUpdate(chatId, "Grace"))).toEqual([
      message(chatId, "Reply with an email address"),
    ]);
    expect(await readResults(bot.botId)).toEqual([
      expect.objectContaining({ isCompleted: false, answers: ["Ada"] }),
      expect.objectContaining({ isCompleted: false, answers: ["Grace"] }),
    ]);
  });

  it("/start@<this bot> starts the conversation; /start@<another bot> in a group is not for this bot", async () => {
    const bot = await createTelegramBot(nameFirstFlow);
    const groupChat = -1005552005;
    const getMe = expectedCall("getMe", {});
    expect(await send(bot, telegramCommandUpdate(groupChat, "/start@some_other_bot"))).toEqual([getMe]);
    expect(await prisma.result.count({ where: { botId: bot.botId } })).toBe(0);
    expect(await send(bot, telegramCommandUpdate(groupChat, `/start@${localBotApiUsername} team_a`))).toEqual(
      [getMe, message(groupChat, "Your name?")],
    );
    await send(bot, telegramTextUpdate(groupChat, "Ada"));
    expect(await readResults(bot.botId)).toEqual([
      { isCompleted: true, answers: ["Ada"], variables: { Name: "Ada", start: "team_a" } },
    ]);
  });

  it("a text after /start that no deep link carries starts the conversation without a start variable", async () => {
    const bot = await createTelegramBot(nameFirstFlow);
    const chatId = 5552006;
    expect(await send(bot, telegramCommandUpdate(chatId, `/start hello there ${"x".repeat(70)}`))).toEqual([
      message(chatId, "Your name?"),
    ]);
    expect(await send(bot, telegramTextUpdate(chatId, "Ada"))).toEqual([
      message(chatId, "Thanks Ada, from "),
    ]);
    expect((await readResults(bot.botId))[0]?.variables).not.toHaveProperty("start");
  });
});

describe("Telegram webhook (POST)", () => {
  it("runs a conversation through sendMessage, the chat a result", async () => {
    const bot = await createTelegramBot(createGreetingFlow(messagingOn()));
    const chatId = 5551001;
    expect(await send(bot, telegramCommandUpdate(chatId, "/start"))).toEqual([
      message(chatId, "Hello !"),
      message(chatId, "Type your answer..."),
    ]);
    expect(await send(bot, telegramTextUpdate(chatId, "Ada"))).toEqual([
      message(chatId, "Reply with an email address"),
    ]);
    expect(await send(bot, telegramTextUpdate(chatId, "ada@example.com"))).toEqual([
      message(chatId, "Bye Ada, we will write to ada@example.com."),
    ]);
    const results = await prisma.result.findMany({ where: { botId: bot.botId }, include: { answers: true } });
    expect(results).toHaveLength(1);
    expect(results[0]?.isCompleted).toBe(true);
    expect(results[0]?.answers.map((answer) => answer.content).sort()).toEqual(["Ada", "ada@example.com"]);
  });

  it("offers choices as an inline keyboard and takes a press: answerCallbackQuery, then the turn", async () => {
    const bot = await createTelegramBot(colourFlow);
    const chatId = 5551002;
    const keyboard = [[{ text: "Red", callback_data: "i-red" }], [{ text: "Blue", callback_data: "i-blue" }]];
    expect(await send(bot, telegramTextUpdate(chatId, "hi"))).toEqual([
      message(chatId, "Pick a colour"),
      expectedCall("sendMessage", {
        chat_id: String(chatId),
        text: "Reply with one of these:",
        reply_markup: { inline_keyboard: keyboard },
      }),
    ]);
    const press = telegramButtonUpdate(chatId, "i-blue", keyboard);
    expect(await send(bot, press)).toEqual([
      expectedCall("answerCallbackQuery", { callback_query_id: press.callback_query.id }),
      message(chatId, "You picked Blue"),
    ]);
  });

  it("a press on a button of an earlier conversation opens a new one without answering its first question", async () => {
    const bot = await createTelegramBot(nameFirstFlow);
    const chatId = 5551005;
    const press = telegramButtonUpdate(chatId, "i-red", [[{ text: "Red", callback_data: "i-red" }]]);
    expect(await send(bot, press)).toEqual([
      expectedCall("answerCallbackQuery", { callback_query_id: press.callback_query.id }),
      message(chatId, "Your name?"),
    ]);
    expect(await prisma.answer.count({ where: { result: { botId: bot.botId } } })).toBe(0);
  });

  it("refuses a missing or wrong secret token and changes nothing; an update delivered twice is answered once", async () => {
    const bot = await createTelegramBot(createGreetingFlow(messagingOn()));
    const chatId = 5551003;
    channel.botApi.takeCalls();
    const update = telegramTextUpdate(chatId, "hi");
    expect(await post(bot, update, { secretToken: null })).toMatchObject({
      status: 401,
      body: { code: "UNAUTHORIZED", issues: [expect.objectContaining({ code: "SECRET_TOKEN_MISSING" })] },
    });
    expect(await post(bot, update, { secretToken: "another_secret" })).toMatchObject({
      status: 403,
      body: { code: "FORBIDDEN", issues: [expect.objectContaining({ code: "SECRET_TOKEN_INVALID" })] },
    });
    expect(channel.botApi.takeCalls()).toEqual([]);
    expect(await prisma.result.count({ where: { botId: bot.botId } })).toBe(0);

    expect(await send(bot, update)).toHaveLength(2);
    expect(await send(bot, update)).toEqual([]);
    expect(await prisma.result.count({ where: { botId: bot.botId } })).toBe(1);
  });

  it("acknowledges without answering unknown credentials and bots with messaging off", async () => {
    const off = await createTelegramBot(createGreetingFlow({ messaging: { isEnabled: false } }));
    expect(await send(off, telegramTextUpdate(5551004, "hi"))).toEqual([]);
    expect(
      await send(
        { workspaceId: off.workspaceId, credentialsId: "unknown-credentials" },
        telegramTextUpdate(5551004, "hi"),
      ),
    ).toEqual([]);
    expect(await prisma.result.count({ where: { botId: off.botId } })).toBe(0);
  });
});
