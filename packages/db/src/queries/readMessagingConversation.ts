import type { Pool } from "../pool";
import { type AiAgentReadRows, aiAgentFromRow, aiAgentReadSql, type ChatSessionRow } from "./readChatSession";

/**
 * The session a channel sender's next message continues, if it still exists, with what the AI agent it waits on
 * needs (as readChatSession reads it).
 */
export async function readMessagingConversation(
  pool: Pool,
  input: { credentialsId: string; sender: string },
): Promise<(ChatSessionRow & { aiAgent: AiAgentReadRows | null }) | null> {
  const { rows } = await pool.query({
    name: "readMessagingConversation",
    text: `SELECT s.id, s."botId", b."workspaceId", s."publishedBotId", s."isPreview", s."resultId", s.state,
        s.turn, s."expiresAt", s."isCompleted", s."previewFlow",
        ${aiAgentReadSql.columns}
      FROM "MessagingConversation" mc
      JOIN "ChatSession" s ON s.id = mc."sessionId"
      JOIN "Bot" b ON b.id = s."botId"
      ${aiAgentReadSql.join}
      WHERE mc."credentialsId" = $1 AND mc.sender = $2`,
    values: [input.credentialsId, input.sender],
  });
  const row = rows[0];
  // A channel turn is no repeat of a web request: the previous turn's record plays no part.
  if (!row) return null;
  const {
    hasAgentReads: _reads,
    agentCredentials: _credentials,
    agentKnowledgeBases: _bases,
    ...session
  } = row;
  return { ...session, previousTurnAt: null, previousTurnRequestHash: null, aiAgent: aiAgentFromRow(row) };
}
