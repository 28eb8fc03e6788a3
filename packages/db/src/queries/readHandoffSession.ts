import type { Pool } from "../pool";
import { type ChatSessionRow, sessionFromRow } from "./readChatSession";

/** A session an inbox conversation waits in, with its bot's workspace (null: gone). */
export async function readHandoffSession(pool: Pool, sessionId: string): Promise<ChatSessionRow | null> {
  const { rows } = await pool.query({
    name: "readHandoffSession",
    text: `SELECT s.id, s."botId", b."workspaceId", s."publishedBotId", s."isPreview", s."resultId", s.state, s.turn,
        s."expiresAt", s."isCompleted", s."previewFlow"
      FROM "ChatSession" s JOIN "Bot" b ON b.id = s."botId"
      WHERE s.id = $1`,
    values: [sessionId],
  });
  return sessionFromRow(rows[0] ?? {});
}
