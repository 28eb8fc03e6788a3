import { integrationsEnv } from "../env";
import { isRetryableStatus, type SendResult } from "./sendWhatsAppMessage";

const CALL_TIMEOUT_MS = 10_000;

/**
 * One Bot API call `POST {apiUrl}/bot{botToken}/{method}` with a JSON body. The API URL is the
 * operator's (TELEGRAM_API_URL), so it is fetched directly rather than through safeFetch.
 */
export async function callTelegramBotApi(
  botToken: string,
  method: string,
  body: Record<string, unknown>,
  options: { apiUrl?: string } = {},
): Promise<SendResult> {
  const base = (options.apiUrl ?? integrationsEnv.TELEGRAM_API_URL).replace(/\/+$/, "");
  try {
    const response = await fetch(`${base}/bot${botToken}/${method}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      redirect: "error",
    });
    if (response.ok) {
      await response.body?.cancel();
      return { ok: true };
    }
    const detail = (await response.text()).slice(0, 500);
    return {
      ok: false,
      error: `Telegram answered ${response.status} to ${method}: ${detail}`,
      isRetryable: isRetryableStatus(response.status),
    };
  } catch (error) {
    // The token is part of the URL: only the method is named.
    return {
      ok: false,
      error: `Telegram could not be reached for ${method}: ${(error as Error).name}`,
      isRetryable: true,
    };
  }
}
