import type { Pool, PoolClient } from "../pool";

/** A delivery to make: of a result event, a test ping or a redelivery. */
export interface NewWebhookDelivery {
  id: string;
  subscriptionId: string;
  event: string;
  resultId: string | null;
  answerIndex: number | null;
  /** When it was made; its first attempt is due then. */
  createdAt: Date;
  /** The body, when known before the first attempt (pings, redeliveries); else built then. */
  payload: string | null;
  redeliveryOf: string | null;
}

const text = `WITH e AS (
    DELETE FROM "WebhookEvent" WHERE id IN (
      SELECT id FROM "WebhookEvent" ORDER BY "createdAt" LIMIT $1 FOR UPDATE SKIP LOCKED)
    RETURNING *
  ),
  k AS (
    SELECT e.*, ws.id AS "subscriptionId",
      'd' || left(md5(CASE WHEN e.payload IS NULL
        THEN ws.id || ':' || e.event || ':' || e."resultId" || ':' || COALESCE(e."answerIndex", -1)
        ELSE ws.id || ':' || e.id END), 23) AS "deliveryId"
    FROM e
    JOIN "WebhookSubscription" ws ON ws."botId" = e."botId" AND e.event = ANY (ws.events) AND ws.enabled
  ),
  d AS (
    SELECT k."deliveryId" AS id, k."createdAt", k."subscriptionId", k.event, k."resultId", k."answerIndex", k.payload
    FROM k
    WHERE EXISTS (SELECT 1 FROM "Result" r WHERE r.id = k."resultId")
  )
  SELECT (SELECT count(*)::int FROM e) AS events, COALESCE((SELECT json_agg(d ORDER BY d."createdAt",
      CASE d.event WHEN 'result.created' THEN 0 WHEN 'answer.created' THEN 1 ELSE 2 END, d."answerIndex", d.id)
    FROM d), '[]'::json) AS deliveries`;

/**
 * Takes (deletes) up to `limit` recorded result events and answers the deliveries they make: one per
 * enabled subscription to the event, in the order the events happened, with an id derived from subscription, event, result and answer
 * (so a repeat adds nothing). A conversation event carries its body: its deliveries get it with their id first, so
 * they are sent as recorded (their id derives from subscription and event). Events of a deleted result make none. Run it in the transaction that
 * enqueues the deliveries, so an event is never lost nor taken twice; several processes may run it
 * (SKIP LOCKED). Returns the count of events taken too.
 */
export async function takeWebhookEvents(
  db: Pool | PoolClient,
  limit: number,
): Promise<{ events: number; deliveries: NewWebhookDelivery[] }> {
  const { rows } = await db.query<{
    events: number;
    deliveries: (Omit<NewWebhookDelivery, "createdAt" | "redeliveryOf"> & {
      createdAt: string;
    })[];
  }>({ name: "takeWebhookEvents", text, values: [limit] });
  const row = rows[0];
  return {
    events: row?.events ?? 0,
    deliveries: (row?.deliveries ?? []).map((delivery) => ({
      ...delivery,
      createdAt: new Date(delivery.createdAt),
      // The delivery id first, then the event's fields in their order (compact JSON, as the other bodies).
      payload:
        delivery.payload === null
          ? null
          : JSON.stringify({ id: delivery.id, ...(JSON.parse(delivery.payload) as Record<string, unknown>) }),
      redeliveryOf: null,
    })),
  };
}

/** Forgets the secrets that rotations replaced once their overlap has ended. */
export async function dropExpiredWebhookSecrets(db: Pool | PoolClient, now: Date): Promise<number> {
  const { rowCount } = await db.query({
    name: "dropExpiredWebhookSecrets",
    text: `UPDATE "WebhookSubscription"
      SET "previousSecretData" = NULL, "previousSecretIv" = NULL, "previousSecretExpiresAt" = NULL
      WHERE "previousSecretExpiresAt" <= $1`,
    values: [now],
  });
  return rowCount ?? 0;
}
