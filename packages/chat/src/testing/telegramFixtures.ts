import { getPrisma } from "@parley/db";
import { createWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import { chatRequest, createPublishedTestBot } from "./chatFixtures";
import type { TestFlow } from "./testFlow";

export const telegramAccount = {
  botToken: "123456789:AAF-test-token-abcdefghijklmnopqrstu",
  secretToken: "test_secret-token",
};

/** A published bot answering on new Telegram credentials of a new workspace. */
export async function createTelegramBot(flow: TestFlow) {
  const bot = await createPublishedTestBot(flow);
  const record = await createWorkspaceCredentials(getPrisma(), bot.owner.workspaceId, {
    type: "telegram",
    name: "Telegram",
    data: telegramAccount,
  });
  await getPrisma().bot.update({ where: { id: bot.botId }, data: { messagingCredentialsId: record.id } });
  return { ...bot, workspaceId: bot.owner.workspaceId, credentialsId: record.id };
}

let updateCount = 0;
const nextUpdateId = () => {
  updateCount += 1;
  return 700_000_000 + updateCount;
};

/** Telegram's Update for a message of `chatId` with `fields` (its text, or a file and a caption maybe). */
const telegramMessageUpdate = (
  chatId: number,
  fields: Record<string, unknown>,
  updateId = nextUpdateId(),
) => ({
  update_id: updateId,
  message: {
    message_id: updateId,
    from: { id: chatId, is_bot: false, first_name: "Ada" },
    chat: { id: chatId, type: "private", first_name: "Ada" },
    date: Math.floor(Date.now() / 1000),
    ...fields,
  },
});

/** Telegram's Update for a text message of `chatId`. */
export const telegramTextUpdate = (chatId: number, text: string, updateId = nextUpdateId()) =>
  telegramMessageUpdate(chatId, { text }, updateId);

/**
 * Telegram's Update for a message of `chatId` opening with a bot command (`/start`, `/start@name
 * payload`…), its `bot_command` entity at offset 0 as Telegram marks it: what the Start button and a
 * deep link `t.me/<bot>?start=<payload>` send.
 */
export const telegramCommandUpdate = (chatId: number, text: string, updateId = nextUpdateId()) =>
  telegramMessageUpdate(
    chatId,
    { text, entities: [{ type: "bot_command", offset: 0, length: text.split(" ")[0]?.length ?? 0 }] },
    updateId,
  );

/** Telegram's Update for a message of `chatId` carrying a file (`photo`, `document`, `voice`…, and a caption maybe). */
export const telegramFileUpdate = (chatId: number, fields: Record<string, unknown>) =>
  telegramMessageUpdate(chatId, fields);

/** Telegram's Update for a press on the inline button `data` of a message that showed `keyboard`. */
export const telegramButtonUpdate = (
  chatId: number,
  data: string,
  keyboard: { text: string; callback_data: string }[][],
) => {
  const updateId = nextUpdateId();
  return {
    update_id: updateId,
    callback_query: {
      id: `cbq-${updateId}`,
      from: { id: chatId, is_bot: false, first_name: "Ada" },
      chat_instance: "42",
      data,
      message: {
        message_id: updateId - 1,
        chat: { id: chatId, type: "private" },
        date: Math.floor(Date.now() / 1000),
        text: "…",
        reply_markup: { inline_keyboard: keyboard },
      },
    },
  };
};

/** A webhook POST as Telegram sends it (`secretToken: null` leaves the header out). */
export function telegramWebhookRequest(
  target: { workspaceId: string; credentialsId: string },
  update: unknown,
  options: { secretToken?: string | null } = {},
) {
  const secret = options.secretToken === undefined ? telegramAccount.secretToken : options.secretToken;
  return chatRequest(`/workspaces/${target.workspaceId}/telegram/${target.credentialsId}/webhook`, {
    body: update,
    headers: secret === null ? {} : { "x-telegram-bot-api-secret-token": secret },
  });
}

/** The Bot API call `method` with `body`, as the local Bot API records it. */
export const expectedCall = (method: string, body: Record<string, unknown>) => ({
  path: `/bot${telegramAccount.botToken}/${method}`,
  body,
});
