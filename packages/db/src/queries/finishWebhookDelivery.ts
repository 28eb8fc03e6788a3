import type { Pool } from "../pool";
import { QUEUE_SCHEMA } from "../queue/installJobQueueSchema";

/** How an attempt ended: delivered, to be retried at `nextAttemptAt`, or given up. */
export type WebhookAttemptOutcome =
  | { status: "DELIVERED"; responseCode: number }
  | { status: "PENDING"; nextAttemptAt: Date; responseCode: number | null; error: string }
  | { status: "FAILED"; responseCode: number | null; error: string };

/** Deliveries kept per subscription once finished (the delivery log). */
export const WEBHOOK_DELIVERY_LOG_SIZE = 100;

// A delivery finished while its attempt was under way (its webhook turned off: FAILED) keeps that outcome unless the
// attempt delivered it: a retry must not make it PENDING again.
const recorded = `(status = 'PENDING' OR $2::text = 'DELIVERED')`;
const text = `UPDATE "WebhookDelivery" SET
    status = CASE WHEN ${recorded} THEN $2::"WebhookDeliveryStatus" ELSE status END,
    "responseCode" = CASE WHEN ${recorded} THEN $3 ELSE "responseCode" END,
    error = CASE WHEN ${recorded} THEN $4 ELSE error END,
    "nextAttemptAt" = CASE WHEN ${recorded} THEN COALESCE($5::timestamptz, "nextAttemptAt") ELSE "nextAttemptAt" END,
    "deliveredAt" = CASE WHEN ${recorded} THEN CASE WHEN $2::text = 'DELIVERED' THEN $6::timestamptz END ELSE "deliveredAt" END,
    payload = COALESCE(payload, $7::text)
  WHERE id = $1`;

/**
 * Records an attempt's outcome (and the body it sent, kept for the retries and redeliveries). A delivery
 * that is no longer pending (failed when its webhook was turned off during the attempt) keeps its status,
 * unless this attempt delivered it.
 */
export async function finishWebhookDelivery(
  pool: Pool,
  delivery: { id: string; payload: string; now: Date; outcome: WebhookAttemptOutcome },
): Promise<void> {
  const { outcome } = delivery;
  await pool.query({
    name: "finishWebhookDelivery",
    text,
    values: [
      delivery.id,
      outcome.status,
      outcome.responseCode,
      outcome.status === "DELIVERED" ? null : outcome.error,
      outcome.status === "PENDING" ? outcome.nextAttemptAt : null,
      delivery.now,
      delivery.payload,
    ],
  });
}

/** Deletes the finished deliveries of these subscriptions beyond the newest WEBHOOK_DELIVERY_LOG_SIZE. */
export async function pruneWebhookDeliveries(pool: Pool, subscriptionIds: string[]): Promise<number> {
  if (subscriptionIds.length === 0) return 0;
  const { rowCount } = await pool.query({
    name: "pruneWebhookDeliveries",
    text: `DELETE FROM "WebhookDelivery" WHERE id IN (
        SELECT id FROM (
          SELECT id, status, row_number() OVER (PARTITION BY "subscriptionId" ORDER BY "createdAt" DESC, id DESC) AS n
          FROM "WebhookDelivery" WHERE "subscriptionId" = ANY ($1::text[])
        ) ranked WHERE n > $2 AND status <> 'PENDING')`,
    values: [subscriptionIds, WEBHOOK_DELIVERY_LOG_SIZE],
  });
  return rowCount ?? 0;
}

/**
 * Fails a delivery that is still pending because its job's tries ended in errors of their own (the database
 * or the payload could not be read), with `error` as its reason; its body, if one was built, is kept for a
 * redelivery. Answers its subscription's id, or null when it was no longer pending.
 */
export async function giveUpWebhookDelivery(
  pool: Pool,
  delivery: { id: string; error: string },
): Promise<string | null> {
  const { rows } = await pool.query<{ subscriptionId: string }>({
    name: "giveUpWebhookDelivery",
    text: `UPDATE "WebhookDelivery" SET status = 'FAILED', error = $2
      WHERE id = $1 AND status = 'PENDING' RETURNING "subscriptionId"`,
    values: [delivery.id, delivery.error],
  });
  return rows[0]?.subscriptionId ?? null;
}

/**
 * Fails the deliveries still pending though they were created before `createdBefore` (past their retry
 * window and its grace) and no job of the queue `jobName` is left to try them (waiting, retrying or running):
 * their job ended without a try that could record an outcome, its last try's process having died. A delivery
 * whose job is still queued (the workers were down for longer than the window) is left to that job.
 * Answers the subscriptions whose deliveries it failed.
 */
export async function failOrphanedWebhookDeliveries(
  pool: Pool,
  orphans: { createdBefore: Date; error: string; jobName: string },
): Promise<string[]> {
  const { rows } = await pool.query<{ subscriptionId: string }>({
    name: "failOrphanedWebhookDeliveries",
    text: `UPDATE "WebhookDelivery" delivery SET status = 'FAILED', error = $2
      WHERE delivery.status = 'PENDING' AND delivery."createdAt" < $1
        AND NOT EXISTS (SELECT 1 FROM ${QUEUE_SCHEMA}.job
          WHERE job.name = $3 AND job.data->>'deliveryId' = delivery.id
            AND job.state IN ('created', 'retry', 'active'))
      RETURNING delivery."subscriptionId"`,
    values: [orphans.createdBefore, orphans.error, orphans.jobName],
  });
  return [...new Set(rows.map((row) => row.subscriptionId))];
}
