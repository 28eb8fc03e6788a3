import type { Pool } from "../pool";

export interface ClientLogWrite {
  id: string;
  status: string;
  description: string;
  details: string | null;
  context: string | null;
}

const text = `INSERT INTO "Log" (id, "botId", "resultId", "sessionId", status, description, details, context)
  SELECT x.id, s."botId", r.id, s.id, x.status, x.description, x.details, x.context
  FROM "ChatSession" s
  LEFT JOIN "Result" r ON r.id = s."resultId"
  CROSS JOIN jsonb_to_recordset($2::jsonb) AS x(id text, status text, description text, details text, context text)
  WHERE s.id = $1 AND NOT s."isPreview"`;

/**
 * Stores the logs a web client reports for a live session (Typebot's clientLogs) as the logs of its bot and result
 * (the result when it was written already); a preview session stores nothing, as its turns' logs.
 */
export async function saveClientLogs(pool: Pool, sessionId: string, logs: ClientLogWrite[]): Promise<void> {
  if (logs.length === 0) return;
  await pool.query({ name: "saveClientLogs", text, values: [sessionId, JSON.stringify(logs)] });
}
