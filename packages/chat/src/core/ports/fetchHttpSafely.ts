import type { HttpResult, OutgoingHttpRequest } from "@parley/engine";
import { isOutboundError, type OutboundErrorCode } from "@parley/integrations/outbound/OutboundError";
import { safeFetch } from "@parley/integrations/outbound/safeFetch";
import { addIdempotencyKey } from "./addIdempotencyKey";

const resultCodeOf: Record<OutboundErrorCode, Extract<HttpResult, { ok: false }>["error"]["code"]> = {
  INVALID_URL: "INVALID_URL",
  INVALID_REQUEST: "INVALID_URL",
  BLOCKED_ADDRESS: "BLOCKED",
  TIMEOUT: "TIMEOUT",
  RESPONSE_TOO_LARGE: "TOO_LARGE",
  TOO_MANY_REDIRECTS: "NETWORK",
  NETWORK_ERROR: "NETWORK",
};

/**
 * The HTTP port: safeFetch (no loopback, private, link-local, CGNAT, multicast
 * or metadata address after resolution and on every redirect; the socket
 * pinned to the checked address; size and time capped). `allowList` adds hosts
 * for this runtime on top of OUTBOUND_ALLOWED_HOSTS. The turn's signal aborts it. A block's
 * sending carries an `Idempotency-Key` stable for its result, block and visit.
 */
export async function fetchHttpSafely(
  request: OutgoingHttpRequest,
  signal: AbortSignal,
  allowList: readonly string[] = [],
): Promise<HttpResult> {
  try {
    const response = await safeFetch(request.url, {
      method: request.method,
      headers: addIdempotencyKey(request),
      body: request.body ?? null,
      timeoutMs: request.timeoutMs,
      allowList,
      signal,
    });
    return { ok: true, status: response.status, headers: response.headers, body: response.bodyText };
  } catch (error) {
    if (isOutboundError(error))
      return { ok: false, error: { code: resultCodeOf[error.code], message: error.message } };
    if (signal.aborted)
      return { ok: false, error: { code: "TIMEOUT", message: "The turn's time budget ran out" } };
    return { ok: false, error: { code: "NETWORK", message: "The request failed" } };
  }
}
