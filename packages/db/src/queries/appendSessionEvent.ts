import type { Pool } from "../pool";

/**
 * Adds an event to a chat session's stream and NOTIFYs `parley_session_events` with the session id, in one
 * statement (the notification is sent at commit, so a listener always finds the row). Returns its id.
 */
export async function appendSessionEvent(
  pool: Pool,
  event: { sessionId: string; type: "message" | "typing" | "closed"; data: unknown },
): Promise<string> {
  const { rows } = await pool.query<{ id: string }>({
    name: "appendSessionEvent",
    text: `WITH e AS (
        INSERT INTO "SessionEvent" ("sessionId", type, data) VALUES ($1, $2, $3::jsonb) RETURNING id, "sessionId"
      ),
      n AS (SELECT pg_notify('parley_session_events', "sessionId") FROM e)
      SELECT e.id::text AS id, (SELECT count(*) FROM n) AS notified FROM e`,
    values: [event.sessionId, event.type, JSON.stringify(event.data)],
  });
  return rows[0]?.id ?? "";
}
