const CALL_TIMEOUT_MS = 15_000;

export type StripeCallResult =
  | { ok: true; body: Record<string, unknown> }
  | { ok: false; error: string; status?: number };

/**
 * One call to Stripe's REST API under `apiUrl` (STRIPE_API_URL: the operator's, so fetched directly
 * rather than through safeFetch, like the messaging platforms' URLs), authenticated with the secret key.
 */
export async function callStripeApi(
  apiUrl: string,
  secretKey: string,
  call: {
    method: "GET" | "POST";
    path: string;
    form?: URLSearchParams;
    /** Sent as `Idempotency-Key`: Stripe answers a repeated request with the first one's result. */
    idempotencyKey?: string;
  },
  signal?: AbortSignal,
): Promise<StripeCallResult> {
  try {
    const response = await fetch(`${apiUrl.replace(/\/+$/, "")}${call.path}`, {
      method: call.method,
      headers: {
        authorization: `Bearer ${secretKey}`,
        ...(call.form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        ...(call.idempotencyKey ? { "idempotency-key": call.idempotencyKey } : {}),
      },
      body: call.form?.toString(),
      signal: signal
        ? AbortSignal.any([signal, AbortSignal.timeout(CALL_TIMEOUT_MS)])
        : AbortSignal.timeout(CALL_TIMEOUT_MS),
      redirect: "error",
    });
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object") body = parsed as Record<string, unknown>;
    } catch {
      // Not JSON: the status says what happened.
    }
    if (response.status >= 400) {
      const message = (body.error as { message?: string } | undefined)?.message;
      return { ok: false, status: response.status, error: message ?? `HTTP ${response.status}` };
    }
    return { ok: true, body };
  } catch (error) {
    return {
      ok: false,
      error: `Stripe could not be reached: ${error instanceof Error ? error.name : "error"}`,
    };
  }
}
