import { getPrisma } from "@parley/db";
import { describe, expect, it } from "vitest";
import { readResponse } from "../../testing/chatFixtures";
import { createChannelTestContext } from "../../testing/createChannelTestContext";
import {
  createTelegramBot,
  expectedCall,
  telegramButtonUpdate,
  telegramTextUpdate,
  telegramWebhookRequest,
} from "../../testing/telegramFixtures";
import { createColourChoiceFlow, createGreetingFlow } from "../../testing/testFlows";
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

describe("Telegram webhook (POST)", () => {
  it("runs a conversation through sendMessage, the chat a result", async () => {
    const bot = await createTelegramBot(createGreetingFlow(messagingOn()));
    const chatId = 5551001;
    expect(await send(bot, telegramTextUpdate(chatId, "/start"))).toEqual([
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
