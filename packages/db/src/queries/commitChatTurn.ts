import type { Pool } from "../pool";
import { type ChatTurnWrites, turnWritesSqlFrom, turnWritesValues } from "./chatTurnWrites";

export interface ChatTurnCommit extends ChatTurnWrites {
  sessionId: string;
  /** The turn counter read with the session: the write happens only if it is unchanged. */
  expectedTurn: number;
  state: unknown;
  expiresAt: Date;
  isCompleted: boolean;
  /** Preview sessions: the draft snapshots they run on (a linked draft may have been added). */
  previewFlow: unknown;
}

const text = `WITH s AS (
    UPDATE "ChatSession" SET state = $2::jsonb, turn = turn + 1, "updatedAt" = now(), "expiresAt" = $3,
      "isCompleted" = $4, "previewFlow" = COALESCE($5::jsonb, "previewFlow")
    WHERE id = $1 AND turn = $6
    RETURNING id
  ),
  ${turnWritesSqlFrom(7)}
  SELECT EXISTS (SELECT 1 FROM s) AS "isCommitted"`;

/**
 * Writes one turn in a single statement (one implicit transaction): the session
 * only if its turn counter is still `expectedTurn` (optimistic concurrency), and
 * with it the answers, visited edges, results, logs and replay records. Returns
 * false when another request committed this turn first; nothing is written then.
 */
export async function commitChatTurn(pool: Pool, commit: ChatTurnCommit): Promise<boolean> {
  const { rows } = await pool.query({
    name: "commitChatTurn",
    text,
    values: [
      commit.sessionId,
      JSON.stringify(commit.state),
      commit.expiresAt,
      commit.isCompleted,
      commit.previewFlow === null ? null : JSON.stringify(commit.previewFlow),
      commit.expectedTurn,
      ...turnWritesValues(commit.sessionId, commit),
    ],
  });
  return rows[0]?.isCommitted === true;
}
