import type { Pool } from "../pool";
import { type ChatTurnRecordRow, recordColumns, recordFromRow } from "./chatCredential";

/** A stored response by scope (session id, or the start scope of a bot) and key. */
export async function readChatTurnRecord(
  pool: Pool,
  scope: string,
  key: string,
): Promise<ChatTurnRecordRow | null> {
  const { rows } = await pool.query({
    name: "readChatTurnRecord",
    text: `SELECT ${recordColumns} FROM "ChatTurnRecord" rec WHERE rec."sessionId" = $1 AND rec.key = $2`,
    values: [scope, key],
  });
  return rows[0] ? recordFromRow(rows[0]) : null;
}
