import { z } from "zod";
import { callTelegramBotApi } from "./callTelegramBotApi";
import { getPlatformErrorMessage } from "./getPlatformErrorMessage";

/** Telegram delivers only what the channel answers: messages and inline button presses. */
export const telegramAllowedUpdates = ["message", "callback_query"] as const;

/**
 * Bot API `setWebhook`: Telegram posts the bot's updates to `url` with `secretToken` in
 * X-Telegram-Bot-Api-Secret-Token. `description` is Telegram's word on it ("Webhook was set", "Bad
 * Request: bad webhook: HTTPS url must be provided for webhook"…), or why it could not be asked.
 */
export async function setTelegramWebhook(
  botToken: string,
  webhook: { url: string; secretToken: string },
  options: { apiUrl?: string } = {},
): Promise<{ ok: boolean; description: string }> {
  const result = await callTelegramBotApi(
    botToken,
    "setWebhook",
    { url: webhook.url, secret_token: webhook.secretToken, allowed_updates: telegramAllowedUpdates },
    options,
  );
  if (!result.ok) return { ok: false, description: getPlatformErrorMessage(result) };
  const description = z.object({ description: z.string() }).safeParse(result.answer).data?.description;
  return { ok: true, description: description ?? "Webhook was set" };
}
