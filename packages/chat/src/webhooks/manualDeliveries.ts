import { createId } from "@parley/db";
import type { NewWebhookDelivery } from "@parley/db/queries/takeWebhookEvents";

/** The JSON body of a test delivery (docs/integrations.md, "Result webhooks"). */
export interface WebhookPingPayload {
  id: string;
  event: "ping";
  createdAt: string;
  bot: { id: string; name: string; publicId: string | null };
  webhook: { id: string; url: string; events: string[] };
}

/** A `ping` delivery to `webhook`, due now: signed and retried like the others. */
export function createPingDelivery(
  webhook: { id: string; url: string; events: string[] },
  bot: WebhookPingPayload["bot"],
  now: Date,
): NewWebhookDelivery {
  const id = createId();
  const payload: WebhookPingPayload = {
    id,
    event: "ping",
    createdAt: now.toISOString(),
    bot,
    webhook: { id: webhook.id, url: webhook.url, events: webhook.events },
  };
  return {
    id,
    subscriptionId: webhook.id,
    event: "ping",
    resultId: null,
    answerIndex: null,
    createdAt: now,
    payload: JSON.stringify(payload),
    redeliveryOf: null,
  };
}

/**
 * A new delivery of `original`'s body, due now, with its own id (in the body's `id` and
 * X-Parley-Delivery-Id, so a receiver that de-duplicates on it takes it) and `redeliveryOf` naming
 * the original. A delivery never attempted has no body yet: the redelivery builds it at its first
 * attempt, from the result as it is then.
 */
export function createRedelivery(
  original: Pick<
    NewWebhookDelivery,
    "id" | "subscriptionId" | "event" | "resultId" | "answerIndex" | "payload"
  >,
  now: Date,
): NewWebhookDelivery {
  const id = createId();
  let payload: string | null = null;
  if (original.payload !== null) {
    // Same fields in the same order; only the id differs.
    const body = JSON.parse(original.payload) as Record<string, unknown>;
    payload = JSON.stringify({ ...body, id });
  }
  return {
    id,
    subscriptionId: original.subscriptionId,
    event: original.event,
    resultId: original.resultId,
    answerIndex: original.answerIndex,
    createdAt: now,
    payload,
    redeliveryOf: original.id,
  };
}
