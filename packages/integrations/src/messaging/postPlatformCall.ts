import { countChannelSend } from "@parley/platform/metrics";
import { errorNameOf } from "../caughtError";
/**
 * `isRetryable`: the platform may take the same call later (unreachable, 429, 5xx); a 4xx refusal would
 * stay one. `answer`: the platform's JSON answer when it sent one (Telegram's `description`, Meta's `error`).
 */
export type SendResult =
  | { ok: true; answer?: unknown }
  | { ok: false; error: string; isRetryable: boolean; answer?: unknown };

export const isRetryableStatus = (status: number) => status === 429 || status >= 500;

const CALL_TIMEOUT_MS = 10_000;

const parseAnswer = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * One JSON POST to a messaging platform's API (WhatsApp's Graph API, Telegram's Bot API). Their URLs
 * are the operator's (WHATSAPP_GRAPH_API_URL, TELEGRAM_API_URL), so they are fetched directly rather
 * than through safeFetch. `name` says the call in errors: never the URL, which may hold a token. A call
 * that sends a message names its `platform`: it is counted in `parley_channel_sends_total`.
 */
export async function postPlatformCall(
  url: string,
  body: Record<string, unknown>,
  call: { name: string; headers?: Record<string, string>; platform?: "whatsapp" | "telegram" },
): Promise<SendResult> {
  const result = await callPlatform(url, body, call);
  if (call.platform) countChannelSend(call.platform, result.ok);
  return result;
}

async function callPlatform(
  url: string,
  body: Record<string, unknown>,
  call: { name: string; headers?: Record<string, string> },
): Promise<SendResult> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { ...call.headers, "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      redirect: "error",
    });
    const text = await response.text();
    const answer = parseAnswer(text);
    if (response.ok) return { ok: true, answer };
    return {
      ok: false,
      error: `${call.name} answered ${response.status}: ${text.slice(0, 500)}`,
      isRetryable: isRetryableStatus(response.status),
      answer,
    };
  } catch (error) {
    return {
      ok: false,
      error: `${call.name} could not be reached: ${errorNameOf(error)}`,
      isRetryable: true,
    };
  }
}
