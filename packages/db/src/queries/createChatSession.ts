import type { Pool } from "../pool";
import { type ChatTurnWrites, turnWritesSqlWith, turnWritesValues } from "./chatTurnWrites";

export interface ChatSessionCreation extends ChatTurnWrites {
  sessionId: string;
  botId: string;
  publishedBotId: string | null;
  isPreview: boolean;
  previewFlow: unknown;
  resultId: string | null;
  state: unknown;
  expiresAt: Date;
  isCompleted: boolean;
  /**
   * The Idempotency-Key record guards the creation: when another request
   * stored the same key first, nothing is written.
   */
  isGuardedByRecord: boolean;
}

const text = `WITH g AS (
    INSERT INTO "ChatTurnRecord" ("sessionId", key, "statusCode", response, "requestHash")
    SELECT x.scope, x.key, x."statusCode", x.response, x."requestHash"
    FROM jsonb_to_recordset($14::jsonb) AS x(scope text, key text, "statusCode" int, response jsonb, "requestHash" text)
    WHERE $11::boolean
    ON CONFLICT DO NOTHING
    RETURNING 1
  ),
  s AS (
    INSERT INTO "ChatSession" (id, "botId", "publishedBotId", "isPreview", "previewFlow", "resultId", state, turn,
      "expiresAt", "isCompleted")
    SELECT $1, $2, $3, $4, $5::jsonb, $6, $7::jsonb, 0, $8, $9
    WHERE NOT $11::boolean OR EXISTS (SELECT 1 FROM g)
    RETURNING id
  ),
  ${turnWritesSqlWith({ session: 1, result: 10, answers: 12, edges: 13, logs: 15, records: 16 })}
  SELECT EXISTS (SELECT 1 FROM s) AS "isCreated"`;

/**
 * Creates a session with its first turn's rows in a single statement. Returns
 * false when a request with the same Idempotency-Key created its session first.
 */
export async function createChatSession(pool: Pool, creation: ChatSessionCreation): Promise<boolean> {
  const [result, answers, edges, logs, records] = turnWritesValues(creation);
  const { rows } = await pool.query({
    name: "createChatSession",
    text,
    values: [
      creation.sessionId,
      creation.botId,
      creation.publishedBotId,
      creation.isPreview,
      creation.previewFlow === null ? null : JSON.stringify(creation.previewFlow),
      creation.resultId,
      JSON.stringify(creation.state),
      creation.expiresAt,
      creation.isCompleted,
      result,
      creation.isGuardedByRecord,
      answers,
      edges,
      creation.isGuardedByRecord ? records : "[]",
      logs,
      creation.isGuardedByRecord ? "[]" : records,
    ],
  });
  return rows[0]?.isCreated === true;
}
