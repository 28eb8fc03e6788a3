import type { Pool } from "../pool";
import type { ChatSessionRow } from "./readChatSession";

/** The session a channel sender's next message continues, if it still exists. */
export async function readMessagingConversation(
  pool: Pool,
  input: { credentialsId: string; sender: string },
): Promise<ChatSessionRow | null> {
  const { rows } = await pool.query({
    name: "readMessagingConversation",
    text: `SELECT s.id, s."botId", b."workspaceId", s."publishedBotId", s."isPreview", s."resultId", s.state,
        s.turn, s."expiresAt", s."isCompleted", s."previewFlow"
      FROM "MessagingConversation" c
      JOIN "ChatSession" s ON s.id = c."sessionId"
      JOIN "Bot" b ON b.id = s."botId"
      WHERE c."credentialsId" = $1 AND c.sender = $2`,
    values: [input.credentialsId, input.sender],
  });
  const row = rows[0];
  // A channel turn is no repeat of a web request: the previous turn's record plays no part.
  return row ? { ...row, previousTurnAt: null, previousTurnRequestHash: null } : null;
}
