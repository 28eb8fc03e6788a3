import type { Pool } from "../pool";

/** A delivery at the start of an attempt, with its subscription's URL and encrypted secret. */
export interface WebhookAttemptTarget {
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
  /** The secret a rotation replaced, while its overlap lasts (at the attempt's time); else null. */
  previousSecretData: string | null;
  previousSecretIv: string | null;
}

const text = `UPDATE "WebhookDelivery" d SET attempts = d.attempts + 1, "lastAttemptAt" = $2
  FROM "WebhookSubscription" ws
  WHERE d.id = $1 AND d.status = 'PENDING' AND ws.id = d."subscriptionId"
  RETURNING d.id, d.event, d."resultId", d."answerIndex", d.payload, d.attempts, d."createdAt",
    ws.id AS "subscriptionId", ws."botId", ws.url, ws."secretData", ws."secretIv",
    CASE WHEN ws."previousSecretExpiresAt" > $2 THEN ws."previousSecretData" END AS "previousSecretData",
    CASE WHEN ws."previousSecretExpiresAt" > $2 THEN ws."previousSecretIv" END AS "previousSecretIv"`;

/**
 * Counts an attempt of a pending delivery (its queue job is running it) and answers what it needs;
 * null when the delivery is finished (delivered, failed, its webhook turned off) or gone with its
 * result or subscription: then there is nothing to send.
 */
export async function startWebhookAttempt(
  pool: Pool,
  attempt: { id: string; now: Date },
): Promise<WebhookAttemptTarget | null> {
  const { rows } = await pool.query<WebhookAttemptTarget>({
    name: "startWebhookAttempt",
    text,
    values: [attempt.id, attempt.now],
  });
  return rows[0] ?? null;
}
