import type { Pool } from "../pool";

const text = `WITH e AS (
    DELETE FROM "WebhookEvent" WHERE id IN (
      SELECT id FROM "WebhookEvent" ORDER BY "createdAt" LIMIT $1 FOR UPDATE SKIP LOCKED)
    RETURNING *
  ),
  d AS (
    INSERT INTO "WebhookDelivery" (id, "createdAt", "nextAttemptAt", "subscriptionId", event, "resultId", "answerIndex")
    SELECT 'd' || left(md5(ws.id || ':' || e.event || ':' || e."resultId" || ':' || COALESCE(e."answerIndex", -1)), 23),
      e."createdAt", e."createdAt", ws.id, e.event, e."resultId", e."answerIndex"
    FROM e
    JOIN "WebhookSubscription" ws ON ws."botId" = e."botId" AND e.event = ANY (ws.events)
    WHERE EXISTS (SELECT 1 FROM "Result" r WHERE r.id = e."resultId")
    ON CONFLICT (id) DO NOTHING
  )
  SELECT count(*)::int AS events FROM e`;

/**
 * Turns up to `limit` recorded result events into one delivery per subscription to them (ids
 * derived from subscription, event, result and answer, so a repeat adds nothing) and deletes the
 * events, in one statement: several processes may run it (SKIP LOCKED). Events of a deleted
 * result are dropped. Returns the events taken.
 */
export async function fanOutWebhookEvents(pool: Pool, limit: number): Promise<number> {
  const { rows } = await pool.query<{ events: number }>({
    name: "fanOutWebhookEvents",
    text,
    values: [limit],
  });
  return rows[0]?.events ?? 0;
}
