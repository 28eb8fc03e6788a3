import { timingSafeEqual } from "node:crypto";
import { fetchTelegramFile } from "@parley/integrations/messaging/fetchTelegramFile";
import { getTelegramBotUsername } from "@parley/integrations/messaging/getTelegramBotUsername";
import { AppError } from "@parley/platform/errors";
import { jsonResponse, type RequestScope } from "@parley/platform/http/handleWebRequest";
import { readJsonBody } from "@parley/platform/http/readJsonBody";
import type { CredentialsData } from "@parley/schemas/credentials";
import { toWellFormedText } from "@parley/schemas/text";
import type { ChatRequestContext } from "../../core/chatEndpoint";
import type { ChannelsChatRuntime } from "../channelsRuntime";
import { getMediaFileName } from "../getMediaFileName";
import { type ChannelMessage, handleChannelMessage } from "../handleChannelMessage";
import { createTelegramCaller, createTelegramDelivery } from "./createTelegramDelivery";
import { readStartCommand, startParameterVariableName } from "./readStartCommand";
import { readTelegramCredentials } from "./readTelegramCredentials";
import { type TelegramUpdate, telegramUpdateSchema } from "./telegramUpdateSchema";

const acknowledged = () => jsonResponse({ message: "success" });

const isSameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * POST …/telegram/{credentialsId}/webhook: Telegram's updates, carrying the credentials' secret token
 * in `X-Telegram-Bot-Api-Secret-Token`, acknowledged once checked. A text message, a file or an
 * inline button press is then one chat turn, answered with Bot API calls; other updates are ignored.
 */
export async function receiveTelegramWebhook({
  request,
  scope,
  runtime,
  params,
}: ChatRequestContext<
  { workspaceId: string; credentialsId: string },
  ChannelsChatRuntime
>): Promise<Response> {
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
  const update = telegramUpdateSchema.parse((await readJsonBody(request, { cleanText: true })) ?? {});
  const context = { ...params, account: credentials.data };
  runtime.channels.work.run(() => answerUpdate(runtime, scope, context, update), scope.logger);
  return acknowledged();
}

/** Types Telegram gives files without one: its photos are JPEG, its voice notes Opus in OGG. */
const defaultMimeTypes = { photo: "image/jpeg", voice: "audio/ogg", audio: "audio/mpeg", video: "video/mp4" };

/** The file of a message (the largest size of a photo), with its kind. */
function findFile(message: NonNullable<TelegramUpdate["message"]>) {
  const photo = message.photo?.at(-1);
  if (photo) return { kind: "photo" as const, file: photo };
  for (const kind of ["document", "audio", "video", "voice"] as const) {
    const file = message[kind];
    if (file) return { kind, file };
  }
  return null;
}

/**
 * The chat and the content an update stands for: a `/start` command (the bot it names, in a group),
 * a text, the id and label of the button pressed, or a file (photo, document, audio, video, voice),
 * fetched with getFile only if one is awaited.
 */
function toInbound(
  runtime: ChannelsChatRuntime,
  botToken: string,
  update: TelegramUpdate,
): { chatId: string; content: ChannelMessage["content"]; addressedTo?: string } | null {
  const message = update.message;
  const start = message && readStartCommand(message);
  if (message && start)
    return {
      chatId: String(message.chat.id),
      content: {
        type: "start",
        text: message.text ?? "",
        prefilledVariables: start.payload ? { [startParameterVariableName]: start.payload } : {},
      },
      addressedTo: start.addressedTo,
    };
  if (message?.text !== undefined)
    return {
      chatId: String(message.chat.id),
      content: { type: "text", message: { type: "text", text: message.text } },
    };
  const found = message && findFile(message);
  if (message && found) {
    const { kind, file } = found;
    const mimeType =
      file.mime_type ?? (kind === "document" ? "application/octet-stream" : defaultMimeTypes[kind]);
    return {
      chatId: String(message.chat.id),
      content: {
        type: "media",
        media: {
          mimeType,
          fileName: getMediaFileName(kind, mimeType, file.file_name),
          fileSize: file.file_size,
          caption: message.caption,
          download: (maxBytes) =>
            fetchTelegramFile(botToken, file.file_id, { apiUrl: runtime.channels.telegramApiUrl, maxBytes }),
        },
      },
    };
  }
  const query = update.callback_query;
  if (query?.data && query.message) {
    const button = query.message.reply_markup?.inline_keyboard
      .flat()
      .find((key) => key.callback_data === query.data);
    return {
      chatId: String(query.message.chat.id),
      content: {
        type: "text",
        message: { type: "text", text: button?.text ?? query.data, metadata: { replyId: query.data } },
      },
    };
  }
  return null;
}

/**
 * Whether `username` (a command's `@name_bot`) is this bot's, as `getMe` says. When Telegram cannot
 * say, the command is taken as this bot's: Telegram delivers a command naming another bot only to bots
 * whose privacy mode was turned off.
 */
async function isThisBot(
  runtime: ChannelsChatRuntime,
  account: { credentialsId: string; botToken: string },
  username: string,
  logger: RequestScope["logger"],
): Promise<boolean> {
  const me = await getTelegramBotUsername(account.botToken, { apiUrl: runtime.channels.telegramApiUrl });
  if (me.ok) return me.username.toLowerCase() === username.toLowerCase();
  logger.warn({ credentialsId: account.credentialsId, error: me.error }, "telegram: getMe failed");
  return true;
}

async function answerUpdate(
  runtime: ChannelsChatRuntime,
  { logger }: RequestScope,
  context: { workspaceId: string; credentialsId: string; account: CredentialsData<"telegram"> },
  update: TelegramUpdate,
) {
  const { botToken } = context.account;
  const account = { credentialsId: context.credentialsId, botToken };
  const call = createTelegramCaller(runtime, account, logger);
  // A pressed button shows a spinner until its query is answered: before any reply of its turn.
  const pressAnswered = update.callback_query
    ? call("answerCallbackQuery", { callback_query_id: update.callback_query.id })
    : Promise.resolve();
  const inbound = toInbound(runtime, botToken, update);
  if (!inbound) {
    await pressAnswered;
    logger.info({ credentialsId: context.credentialsId }, "telegram: update type not answered");
    return;
  }
  const { addressedTo } = inbound;
  // Joined before the first await, so the updates of one chat keep their order.
  const answered = handleChannelMessage(
    runtime,
    {
      credentialsId: context.credentialsId,
      workspaceId: context.workspaceId,
      sender: inbound.chatId,
      messageId: `update:${update.update_id}`,
      content: inbound.content,
      channel: "telegram",
      ...readTelegramLanguage(update),
      ...(addressedTo ? { isForThisBot: () => isThisBot(runtime, account, addressedTo, logger) } : {}),
    },
    logger,
    async (turn) => {
      await pressAnswered;
      await createTelegramDelivery(
        runtime,
        { ...account, workspaceId: context.workspaceId },
        inbound.chatId,
        logger,
      )(turn);
    },
  );
  await pressAnswered;
  await answered;
}

/** The Telegram user's `language_code`, the `telegram` source of the visitor's language (docs/languages.md). */
function readTelegramLanguage(update: TelegramUpdate): Pick<ChannelMessage, "language"> {
  const code = update.message?.from?.language_code ?? update.callback_query?.from?.language_code;
  return code ? { language: { source: "telegram", tag: toWellFormedText(code) } } : {};
}
