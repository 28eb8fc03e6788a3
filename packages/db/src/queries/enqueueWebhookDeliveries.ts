import type { Pool, PoolClient } from "../pool";
import type { NewWebhookDelivery } from "./takeWebhookEvents";

export type { NewWebhookDelivery };

const text = `INSERT INTO "WebhookDelivery"
    (id, "createdAt", "nextAttemptAt", "subscriptionId", event, "resultId", "answerIndex", payload, "redeliveryOf")
  SELECT u.id, u."createdAt", u."createdAt", u."subscriptionId", u.event, u."resultId", u."answerIndex", u.payload, u."redeliveryOf"
  FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[], $8::text[])
    AS u(id, "createdAt", "subscriptionId", event, "resultId", "answerIndex", payload, "redeliveryOf")
  ON CONFLICT (id) DO NOTHING
  RETURNING id`;

/**
 * The one way a result-webhook delivery is made: the deliveries of result events (the worker's
 * fan-out), test pings and redeliveries all go through here. Each is queued PENDING, due at its
 * `createdAt`, and sent by the delivery worker (signed, retried with backoff). An id already
 * queued is skipped. Pass the transaction's client to queue them with the writes that cause them.
 * Returns the ids queued.
 */
export async function enqueueWebhookDeliveries(
  db: Pool | PoolClient,
  deliveries: readonly NewWebhookDelivery[],
): Promise<string[]> {
  if (deliveries.length === 0) return [];
  const column = <Key extends keyof NewWebhookDelivery>(key: Key) =>
    deliveries.map((delivery) => delivery[key]);
  const { rows } = await db.query<{ id: string }>({
    name: "enqueueWebhookDeliveries",
    text,
    values: [
      column("id"),
      column("createdAt"),
      column("subscriptionId"),
      column("event"),
      column("resultId"),
      column("answerIndex"),
      column("payload"),
      column("redeliveryOf"),
    ],
  });
  return rows.map((row) => row.id);
}
