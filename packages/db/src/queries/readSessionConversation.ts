import type { Pool } from "../pool";
import type { ChatSessionRow } from "./readChatSession";

export interface SessionConversation {
  session: ChatSessionRow;
  /** The bot's name, as its published version shows it. */
  botName: string;
  credentialsId: string;
  /** The credentials' type: the channel (`whatsApp`, `telegram`). */
  channel: string;
  sender: string;
}

/** A session still continued by a messaging conversation, with its channel and sender; null otherwise. */
export async function readSessionConversation(
  pool: Pool,
  sessionId: string,
): Promise<SessionConversation | null> {
  const { rows } = await pool.query({
    name: "readSessionConversation",
    text: `SELECT s.id, s."botId", b."workspaceId", s."publishedBotId", s."isPreview", s."resultId", s.state,
        s.turn, s."expiresAt", s."isCompleted", s."previewFlow", COALESCE(p.name, b.name) AS "botName",
        c."credentialsId", cr.type AS channel, c.sender
      FROM "MessagingConversation" c
      JOIN "ChatSession" s ON s.id = c."sessionId"
      JOIN "Bot" b ON b.id = s."botId"
      JOIN "Credentials" cr ON cr.id = c."credentialsId"
      LEFT JOIN "PublishedBot" p ON p.id = s."publishedBotId"
      WHERE c."sessionId" = $1
      LIMIT 1`,
    values: [sessionId],
  });
  const row = rows[0];
  if (!row) return null;
  const { botName, credentialsId, channel, sender, ...session } = row;
  return {
    session: { ...session, previousTurnAt: null, previousTurnRequestHash: null },
    botName,
    credentialsId,
    channel,
    sender,
  };
}
