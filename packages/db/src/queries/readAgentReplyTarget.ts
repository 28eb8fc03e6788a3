import type { Pool } from "../pool";

/** Where an agent's reply to an inbox conversation goes, when its chat runs on a messaging channel. */
export interface AgentReplyTarget {
  conversationId: string;
  status: string;
  /** The conversation's channel as stored (`whatsapp`, `telegram`, `messaging` for older rows, `web`, `preview`). */
  channel: string;
  workspaceId: string;
  botId: string;
  resultId: string | null;
  /** The account and the visitor on it, while the visitor's channel conversation is still this session. */
  credentialsId: string | null;
  /** `whatsApp` or `telegram`: the account's credentials kind. */
  credentialsType: string | null;
  /** The WhatsApp number or Telegram chat. */
  sender: string | null;
  /** The visitor's last message in the conversation, or the one that opened it (WhatsApp's 24-hour window). */
  lastVisitorMessageAt: Date;
}

/**
 * One statement: the conversation, the messaging account and visitor its session talks to (none when its chat is
 * not on a channel, or the visitor's channel conversation has moved to a new session), and when the visitor last
 * wrote. null: no such conversation.
 */
export async function readAgentReplyTarget(
  pool: Pool,
  conversationId: string,
): Promise<AgentReplyTarget | null> {
  const { rows } = await pool.query<AgentReplyTarget>({
    name: "readAgentReplyTarget",
    text: `SELECT c.id AS "conversationId", c.status, c.channel, c."workspaceId", c."botId", c."resultId",
        mc."credentialsId", cr.type AS "credentialsType", mc.sender,
        GREATEST(c."createdAt", (SELECT max(m."createdAt") FROM "ConversationMessage" m
          WHERE m."conversationId" = c.id AND m.author = 'visitor')) AS "lastVisitorMessageAt"
      FROM "Conversation" c
      LEFT JOIN "MessagingConversation" mc ON mc."sessionId" = c."sessionId"
      LEFT JOIN "Credentials" cr ON cr.id = mc."credentialsId" AND cr."workspaceId" = c."workspaceId"
      WHERE c.id = $1`,
    values: [conversationId],
  });
  return rows[0] ?? null;
}
