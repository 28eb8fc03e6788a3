import type { Pool, PoolClient } from "../pool";
import type { NewWebhookDelivery } from "./takeWebhookEvents";

export type { NewWebhookDelivery };

/** Adds the queue jobs of the deliveries just inserted, in the same transaction (`client`). */
export type QueueWebhookJobs = (client: PoolClient, deliveryIds: readonly string[]) => Promise<void>;

const text = `INSERT INTO "WebhookDelivery"
    (id, "createdAt", "nextAttemptAt", "subscriptionId", event, "resultId", "answerIndex", payload, "redeliveryOf")
  SELECT u.id, u."createdAt", u."createdAt", u."subscriptionId", u.event, u."resultId", u."answerIndex", u.payload, u."redeliveryOf"
  FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[], $8::text[])
    AS u(id, "createdAt", "subscriptionId", event, "resultId", "answerIndex", payload, "redeliveryOf")
  ON CONFLICT (id) DO NOTHING
  RETURNING id`;

/**
 * The one way a result-webhook delivery is made: the deliveries of result events (the fan-out), test
 * pings and redeliveries all go through here. Each is stored PENDING (the delivery log) and gets a job
 * of the queue (`queueJobs`, in the same transaction: a row never lacks its job, nor a job its row),
 * which sends it, signed, retried with backoff. An id already stored is skipped. Given a pool, it
 * runs its own transaction; given a client, the caller's. Returns the ids stored, in the given order.
 */
export async function enqueueWebhookDeliveries(
  db: Pool | PoolClient,
  deliveries: readonly NewWebhookDelivery[],
  queueJobs: QueueWebhookJobs,
): Promise<string[]> {
  if (deliveries.length === 0) return [];
  // A pool client has \`release\`; a pool does not.
  if (!("release" in db)) {
    const client = await db.connect();
    try {
      await client.query("BEGIN");
      const ids = await enqueueWebhookDeliveries(client, deliveries, queueJobs);
      await client.query("COMMIT");
      return ids;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }
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
  // RETURNING keeps no order: the given one (the events' order, which the jobs keep).
  const stored = new Set(rows.map((row) => row.id));
  const ids = deliveries.map((delivery) => delivery.id).filter((id) => stored.has(id));
  await queueJobs(db, ids);
  return ids;
}
