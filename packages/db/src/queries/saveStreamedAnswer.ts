import type { Pool } from "../pool";
import type { ChatTurnWrites } from "./chatTurnWrites";

export interface StreamedAnswerWrite {
  sessionId: string;
  /** The turn counter read with the session: nothing is written if a turn committed meanwhile. */
  expectedTurn: number;
  state: unknown;
  /** Live chats: the result's variables as they now stand (null in preview). */
  result: { id: string; variables: unknown } | null;
  logs: ChatTurnWrites["logs"];
}

const text = `WITH s AS (
    UPDATE "ChatSession" SET state = $2::jsonb, "updatedAt" = now() WHERE id = $1 AND turn = $3 RETURNING id
  ),
  r AS (
    UPDATE "Result" SET variables = $4::jsonb, "updatedAt" = now()
    WHERE id = $5 AND EXISTS (SELECT 1 FROM s)
  ),
  l AS (
    INSERT INTO "Log" (id, "botId", "resultId", "sessionId", status, description, details, context)
    SELECT x.id, x."botId", x."resultId", $1, x.status, x.description, x.details, x.context
    FROM jsonb_to_recordset($6::jsonb) AS x(id text, "botId" text, "resultId" text, status text, description text,
      details text, context text)
    WHERE EXISTS (SELECT 1 FROM s)
  )
  SELECT EXISTS (SELECT 1 FROM s) AS "isSaved"`;

/**
 * Stores a streamed answer in one statement: the session state (the answer in its variables), the
 * result's variables and the stream's logs. The session keeps its turn counter (the client's reply
 * still comes as the next turn); a turn committed since the stream began wins and nothing is written.
 */
export async function saveStreamedAnswer(pool: Pool, write: StreamedAnswerWrite): Promise<boolean> {
  const { rows } = await pool.query({
    name: "saveStreamedAnswer",
    text,
    values: [
      write.sessionId,
      JSON.stringify(write.state),
      write.expectedTurn,
      write.result ? JSON.stringify(write.result.variables) : null,
      write.result?.id ?? null,
      JSON.stringify(write.logs),
    ],
  });
  return rows[0]?.isSaved === true;
}
