import type { Pool } from "../pool";

/** A delivery taken for one attempt, with its subscription's URL and encrypted secret. */
export interface ClaimedWebhookDelivery {
  id: string;
  event: string;
  /** Null for a test ping. */
  resultId: string | null;
  answerIndex: number | null;
  /** The body of the first attempt; null before it. */
  payload: string | null;
  /** Attempts so far, this one included. */
  attempts: number;
  createdAt: Date;
  subscriptionId: string;
  botId: string;
  url: string;
  secretData: string;
  secretIv: string;
  /** The secret a rotation replaced, while its overlap lasts (at the claim's time); else null. */
  previousSecretData: string | null;
  previousSecretIv: string | null;
}

const text = `WITH c AS (
    SELECT id FROM "WebhookDelivery"
    WHERE status = 'PENDING' AND "nextAttemptAt" <= $1
    ORDER BY "nextAttemptAt", "createdAt",
      CASE event WHEN 'result.created' THEN 0 WHEN 'answer.created' THEN 1 ELSE 2 END, "answerIndex"
    LIMIT $2
    FOR UPDATE SKIP LOCKED
  )
  UPDATE "WebhookDelivery" d SET "nextAttemptAt" = $3, attempts = d.attempts + 1, "lastAttemptAt" = $1
  FROM c, "WebhookSubscription" ws
  WHERE d.id = c.id AND ws.id = d."subscriptionId"
  RETURNING d.id, d.event, d."resultId", d."answerIndex", d.payload, d.attempts, d."createdAt",
    ws.id AS "subscriptionId", ws."botId", ws.url, ws."secretData", ws."secretIv",
    CASE WHEN ws."previousSecretExpiresAt" > $1 THEN ws."previousSecretData" END AS "previousSecretData",
    CASE WHEN ws."previousSecretExpiresAt" > $1 THEN ws."previousSecretIv" END AS "previousSecretIv"`;

/**
 * Takes up to `limit` due deliveries for one attempt each. The rows are locked only by this
 * statement (SKIP LOCKED: concurrent processes take others); the claim itself is a lease that
 * moves `nextAttemptAt` to `leaseUntil`, so a process that dies mid-attempt leaves the delivery
 * to be taken again then (at least once).
 */
export async function claimWebhookDeliveries(
  pool: Pool,
  options: { now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedWebhookDelivery[]> {
  const { rows } = await pool.query<ClaimedWebhookDelivery>({
    name: "claimWebhookDeliveries",
    text,
    values: [options.now, options.limit, options.leaseUntil],
  });
  // UPDATE … RETURNING keeps no order: events in the order they happened.
  return rows.sort(
    (a, b) =>
      a.createdAt.getTime() - b.createdAt.getTime() ||
      eventRank(a.event) - eventRank(b.event) ||
      (a.answerIndex ?? 0) - (b.answerIndex ?? 0),
  );
}

const eventRank = (event: string) => (event === "result.created" ? 0 : event === "answer.created" ? 1 : 2);
