import type { Pool } from "../pool";

export interface SessionEventRow {
  /** Increasing within the whole table (a bigint, as text): the stream's event id. */
  id: string;
  type: string;
  data: unknown;
}

/**
 * A session's events after `afterId` (all with null), oldest first, at most `limit`. The order names the column:
 * a bare `id` would be the text alias of the select list ("10" before "9").
 */
export async function readSessionEvents(
  pool: Pool,
  request: { sessionId: string; afterId: string | null; limit: number },
): Promise<SessionEventRow[]> {
  const { rows } = await pool.query<SessionEventRow>({
    name: "readSessionEvents",
    text: `SELECT id::text AS id, type, data FROM "SessionEvent"
      WHERE "sessionId" = $1 AND id > $2::bigint ORDER BY "SessionEvent".id LIMIT $3`,
    values: [request.sessionId, request.afterId ?? "0", request.limit],
  });
  return rows;
}
