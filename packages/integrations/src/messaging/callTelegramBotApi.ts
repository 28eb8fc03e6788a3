import { integrationsEnv } from "../env";
import { postPlatformCall, type SendResult } from "./postPlatformCall";

/** One Bot API call `POST {apiUrl}/bot{botToken}/{method}` with a JSON body. */
export function callTelegramBotApi(
  botToken: string,
  method: string,
  body: Record<string, unknown>,
  options: { apiUrl?: string } = {},
): Promise<SendResult> {
  const base = (options.apiUrl ?? integrationsEnv.TELEGRAM_API_URL).replace(/\/+$/, "");
  // The token is part of the URL: errors name only the method.
  return postPlatformCall(`${base}/bot${botToken}/${method}`, body, { name: `Telegram (${method})` });
}
