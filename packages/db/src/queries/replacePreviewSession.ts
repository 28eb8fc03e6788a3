import type { Pool } from "../pool";

/**
 * Preview startChat with a `sessionId`: frees that id for a new preview
 * session. Only a preview session of the same bot may be replaced; returns
 * false when the id belongs to another session (nothing is deleted then).
 */
export async function freePreviewSessionId(pool: Pool, sessionId: string, botId: string): Promise<boolean> {
  const { rows } = await pool.query({
    name: "freePreviewSessionId",
    text: `WITH existing AS (SELECT id, "botId", "isPreview" FROM "ChatSession" WHERE id = $1),
        deleted AS (DELETE FROM "ChatSession" WHERE id = $1 AND "isPreview" AND "botId" = $2 RETURNING id)
      SELECT NOT EXISTS (SELECT 1 FROM existing) OR EXISTS (SELECT 1 FROM deleted) AS "isFree"`,
    values: [sessionId, botId],
  });
  return rows[0]?.isFree === true;
}
