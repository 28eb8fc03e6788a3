/** `isRetryable`: the platform may take the same call later (unreachable, 429, 5xx); a 4xx refusal would stay one. */
export type SendResult = { ok: true } | { ok: false; error: string; isRetryable: boolean };

export const isRetryableStatus = (status: number) => status === 429 || status >= 500;

const CALL_TIMEOUT_MS = 10_000;

/**
 * One JSON POST to a messaging platform's API (WhatsApp's Graph API, Telegram's Bot API). Their URLs
 * are the operator's (WHATSAPP_GRAPH_API_URL, TELEGRAM_API_URL), so they are fetched directly rather
 * than through safeFetch. `name` says the call in errors: never the URL, which may hold a token.
 */
export async function postPlatformCall(
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
    if (response.ok) {
      await response.body?.cancel();
      return { ok: true };
    }
    const detail = (await response.text()).slice(0, 500);
    return {
      ok: false,
      error: `${call.name} answered ${response.status}: ${detail}`,
      isRetryable: isRetryableStatus(response.status),
    };
  } catch (error) {
    return {
      ok: false,
      error: `${call.name} could not be reached: ${(error as Error).name}`,
      isRetryable: true,
    };
  }
}
