import type { Pool } from "../pool";
import { type ChatTurnWrites, turnWritesSqlWith, turnWritesValues } from "./chatTurnWrites";

export interface ChatTurnCommit extends ChatTurnWrites {
  sessionId: string;
  /** The turn counter read with the session: the write happens only if it is unchanged. */
  expectedTurn: number;
  state: unknown;
  expiresAt: Date;
  isCompleted: boolean;
  /** Set when the turn created the session's result (a session registered without one). */
  resultId: string | null;
}

const text = `WITH s AS (
    UPDATE "ChatSession" SET state = $3::jsonb, turn = turn + 1, "updatedAt" = now(), "expiresAt" = $4,
      "isCompleted" = $5, "resultId" = COALESCE($6, "resultId")
    WHERE id = $1 AND turn = $2
    RETURNING id
  ),
  ${turnWritesSqlWith({ session: 1, result: 7, answers: 8, edges: 9, logs: 10, records: 11 })}
  SELECT EXISTS (SELECT 1 FROM s) AS "isCommitted"`;

/**
 * Writes one turn in a single statement (one implicit transaction): the session
 * only if its turn counter is still `expectedTurn` (optimistic concurrency), and
 * with it the answers, visited edges, result, logs and replay records. Returns
 * false when another request committed this turn first; nothing is written then.
 */
export async function commitChatTurn(pool: Pool, commit: ChatTurnCommit): Promise<boolean> {
  const { rows } = await pool.query({
    name: "commitChatTurn",
    text,
    values: [
      commit.sessionId,
      commit.expectedTurn,
      JSON.stringify(commit.state),
      commit.expiresAt,
      commit.isCompleted,
      commit.resultId,
      ...turnWritesValues(commit),
    ],
  });
  return rows[0]?.isCommitted === true;
}
