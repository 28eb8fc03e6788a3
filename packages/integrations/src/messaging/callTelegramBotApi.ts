import { integrationsEnv } from "../env";
import { postPlatformCall, type SendResult } from "./postPlatformCall";

/**
 * One Bot API call `POST {apiUrl}/bot{botToken}/{method}` with a JSON body. The methods that send a message
 * (sendMessage, sendPhoto…; not the typing signal) are counted as channel sends.
 */
export function callTelegramBotApi(
  botToken: string,
  method: string,
  body: Record<string, unknown>,
  options: { apiUrl?: string } = {},
): Promise<SendResult> {
  const base = (options.apiUrl ?? integrationsEnv.TELEGRAM_API_URL).replace(/\/+$/, "");
  // The token is part of the URL: errors name only the method.
  const isSend = method.startsWith("send") && method !== "sendChatAction";
  return postPlatformCall(`${base}/bot${botToken}/${method}`, body, {
    name: `Telegram (${method})`,
    ...(isSend ? { platform: "telegram" as const } : {}),
  });
}
