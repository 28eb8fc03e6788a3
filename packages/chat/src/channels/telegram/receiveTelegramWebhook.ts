import { timingSafeEqual } from "node:crypto";
import { callTelegramBotApi } from "@parley/integrations/messaging/callTelegramBotApi";
import { AppError } from "@parley/platform/errors";
import { jsonResponse, type RequestScope } from "@parley/platform/http/handleWebRequest";
import { readJsonBody } from "@parley/platform/http/readJsonBody";
import type { ChatMessage } from "@parley/schemas";
import type { CredentialsData } from "@parley/schemas/credentials";
import type { ChatRequestContext } from "../../chatEndpoints";
import type { ChatRuntime } from "../../createChatRuntime";
import { handleChannelMessage } from "../handleChannelMessage";
import { logUndeliveredReply } from "../logUndeliveredReply";
import { sendWithRetry } from "../sendWithRetry";
import { toTextChannelMessages } from "../toTextChannelMessages";
import { readTelegramCredentials } from "./readTelegramCredentials";
import { type TelegramUpdate, telegramUpdateSchema } from "./telegramUpdateSchema";
import { toTelegramCalls } from "./toTelegramCalls";

const acknowledged = () => jsonResponse({ message: "success" });

const isSameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * POST …/telegram/{credentialsId}/webhook: Telegram's updates, carrying the credentials' secret token
 * in `X-Telegram-Bot-Api-Secret-Token`, acknowledged once checked. A text message or an inline
 * button press is then one chat turn, answered with Bot API calls; other updates are ignored.
 */
export async function receiveTelegramWebhook({
  request,
  scope,
  runtime,
  params,
}: ChatRequestContext<{ workspaceId: string; credentialsId: string }>): Promise<Response> {
  const credentials = await readTelegramCredentials(params);
  if (!credentials.ok) {
    await request.body?.cancel();
    scope.logger.warn(
      { credentialsId: params.credentialsId, reason: credentials.error },
      "telegram: update ignored",
    );
    return acknowledged();
  }
  const secret = request.headers.get("x-telegram-bot-api-secret-token");
  if (secret === null)
    throw new AppError("UNAUTHORIZED", [
      {
        message: "X-Telegram-Bot-Api-Secret-Token is missing",
        code: "SECRET_TOKEN_MISSING",
        path: ["X-Telegram-Bot-Api-Secret-Token"],
      },
    ]);
  if (!isSameSecret(secret, credentials.data.secretToken))
    throw new AppError("FORBIDDEN", [
      {
        message: "X-Telegram-Bot-Api-Secret-Token is not the credentials' secret token",
        code: "SECRET_TOKEN_INVALID",
        path: ["X-Telegram-Bot-Api-Secret-Token"],
      },
    ]);
  const update = telegramUpdateSchema.parse((await readJsonBody(request)) ?? {});
  const context = { ...params, account: credentials.data };
  runtime.channels.work.run(() => answerUpdate(runtime, scope, context, update), scope.logger);
  return acknowledged();
}

/** The chat and the chat message an update stands for: a text, or the id and label of the button pressed. */
function toInbound(
  update: TelegramUpdate,
): { chatId: string; message: ChatMessage & { type: "text" } } | null {
  if (update.message?.text !== undefined)
    return { chatId: String(update.message.chat.id), message: { type: "text", text: update.message.text } };
  const query = update.callback_query;
  if (query?.data && query.message) {
    const button = query.message.reply_markup?.inline_keyboard
      .flat()
      .find((key) => key.callback_data === query.data);
    return {
      chatId: String(query.message.chat.id),
      message: { type: "text", text: button?.text ?? query.data, metadata: { replyId: query.data } },
    };
  }
  return null;
}

async function answerUpdate(
  runtime: ChatRuntime,
  { logger }: RequestScope,
  context: { workspaceId: string; credentialsId: string; account: CredentialsData<"telegram"> },
  update: TelegramUpdate,
) {
  const apiUrl = runtime.channels.telegramApiUrl;
  const { botToken } = context.account;
  // A pressed button shows a spinner until its query is answered.
  if (update.callback_query) {
    const answered = await callTelegramBotApi(
      botToken,
      "answerCallbackQuery",
      { callback_query_id: update.callback_query.id },
      { apiUrl },
    );
    if (!answered.ok)
      logger.error({ credentialsId: context.credentialsId, error: answered.error }, "telegram: call failed");
  }
  const inbound = toInbound(update);
  if (!inbound) {
    logger.info({ credentialsId: context.credentialsId }, "telegram: update type not answered");
    return;
  }
  const turn = await handleChannelMessage(
    runtime,
    {
      credentialsId: context.credentialsId,
      workspaceId: context.workspaceId,
      sender: inbound.chatId,
      messageId: `update:${update.update_id}`,
      message: inbound.message,
    },
    logger,
  );
  if (!turn) return;
  for (const rendered of toTextChannelMessages(turn.response)) {
    for (const call of toTelegramCalls(rendered, inbound.chatId)) {
      const sent = await sendWithRetry(
        () => callTelegramBotApi(botToken, call.method, call.body, { apiUrl }),
        runtime.channels.sendRetryDelaysMs,
      );
      if (!sent.ok) await logUndeliveredReply(turn, { channel: "Telegram", error: sent.error }, logger);
    }
  }
}
