import type { Pool } from "../pool";
import { type ChatTurnWrites, turnWritesSqlFrom, turnWritesValues } from "./chatTurnWrites";

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
  /** Started on Typebot's paths: its responses take Typebot's shape. */
  isTypebotClient?: boolean;
  /** Started keyless on Typebot's path: continued without Authorization. */
  isKeyless?: boolean;
  /**
   * An Idempotency-Key record that guards the creation: when a request with
   * the same key stored it first, nothing is written.
   */
  guardRecord: ChatTurnWrites["records"][number] | null;
}

const text = `WITH g AS (
    INSERT INTO "ChatTurnRecord" ("sessionId", key, "statusCode", response, "requestHash")
    SELECT x.scope, x.key, x."statusCode", x.response, x."requestHash"
    FROM jsonb_to_recordset($10::jsonb) AS x(scope text, key text, "statusCode" int, response jsonb, "requestHash" text)
    ON CONFLICT DO NOTHING
    RETURNING 1
  ),
  s AS (
    INSERT INTO "ChatSession" (id, "botId", "publishedBotId", "isPreview", "previewFlow", "resultId", state, turn,
      "expiresAt", "isCompleted", "isTypebotClient", "isKeyless")
    SELECT $1, $2, $3, $4, $5::jsonb, $6, $7::jsonb, 0, $8, $9, $11, $12
    WHERE $10::jsonb = '[]'::jsonb OR EXISTS (SELECT 1 FROM g)
    RETURNING id
  ),
  ${turnWritesSqlFrom(13)}
  SELECT EXISTS (SELECT 1 FROM s) AS "isCreated"`;

/**
 * Creates a session with its first turn's rows in a single statement. Returns
 * false when a request with the same Idempotency-Key created its session first.
 */
export async function createChatSession(pool: Pool, creation: ChatSessionCreation): Promise<boolean> {
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
      JSON.stringify(creation.guardRecord ? [creation.guardRecord] : []),
      creation.isTypebotClient ?? false,
      creation.isKeyless ?? false,
      // Last: the turn writes' parameters (their count grows with the kinds of rows a turn writes).
      ...turnWritesValues(creation.sessionId, creation),
    ],
  });
  return rows[0]?.isCreated === true;
}
