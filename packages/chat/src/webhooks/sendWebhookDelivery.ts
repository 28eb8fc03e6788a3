import { isOutboundError } from "@parley/integrations/outbound/OutboundError";
import { safeFetch } from "@parley/integrations/outbound/safeFetch";
import { signWebhookBody } from "@parley/integrations/webhooks/signWebhookBody";

/** Refusals that a retry cannot change: the delivery fails at once. */
const finalErrorCodes = new Set(["BLOCKED_ADDRESS", "INVALID_URL", "INVALID_REQUEST"]);

export interface WebhookAttempt {
  deliveryId: string;
  event: string;
  url: string;
  /** The current secret, then the one a rotation replaced while its overlap lasts. */
  secrets: readonly string[];
  body: string;
  now: Date;
  timeoutMs: number;
  allowList: readonly string[];
}

/** What an attempt came to, before the retry policy: delivered, worth retrying, or refused for good. */
export type WebhookSendResult =
  | { kind: "delivered"; responseCode: number }
  | { kind: "retry"; responseCode: number | null; error: string }
  | { kind: "refused"; error: string };

/**
 * One POST of a signed delivery through the outbound rules (safeFetch: private addresses only
 * when allowed, the socket pinned to the checked address). 2xx is delivered; another status, a
 * time-out or a network error is retried; redirects are not followed (a 3xx is retried).
 */
export async function sendWebhookDelivery(attempt: WebhookAttempt): Promise<WebhookSendResult> {
  const timestamp = Math.floor(attempt.now.getTime() / 1000);
  try {
    const response = await safeFetch(attempt.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "Parley-Webhooks/1.0",
        "X-Parley-Event": attempt.event,
        "X-Parley-Delivery-Id": attempt.deliveryId,
        "X-Parley-Signature": signWebhookBody(attempt.secrets, attempt.body, timestamp),
      },
      body: attempt.body,
      timeoutMs: attempt.timeoutMs,
      maxRedirects: 0,
      allowList: attempt.allowList,
    });
    if (response.status >= 200 && response.status < 300)
      return { kind: "delivered", responseCode: response.status };
    return {
      kind: "retry",
      responseCode: response.status,
      error: `The receiver answered ${response.status}`,
    };
  } catch (error) {
    if (!isOutboundError(error)) throw error;
    const described = `${error.code}: ${error.message}`;
    if (finalErrorCodes.has(error.code)) return { kind: "refused", error: described };
    return { kind: "retry", responseCode: null, error: described };
  }
}
