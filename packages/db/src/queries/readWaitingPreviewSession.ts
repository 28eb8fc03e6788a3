import type { Pool } from "../pool";
import type { ChatSessionRow } from "./readChatSession";

/** The newest open preview session of a bot that waits at this block (a test call resumes it). */
export async function readWaitingPreviewSession(
  pool: Pool,
  input: { botId: string; blockId: string },
): Promise<ChatSessionRow | null> {
  const { rows } = await pool.query({
    name: "readWaitingPreviewSession",
    text: `SELECT s.id, s."botId", b."workspaceId", s."publishedBotId", s."isPreview", s."resultId", s.state, s.turn,
        s."expiresAt", s."isCompleted", s."previewFlow"
      FROM "ChatSession" s JOIN "Bot" b ON b.id = s."botId"
      WHERE s."botId" = $1 AND s."isPreview" AND NOT s."isCompleted" AND s.state->'waitingFor'->>'blockId' = $2
      ORDER BY s."updatedAt" DESC LIMIT 1`,
    values: [input.botId, input.blockId],
  });
  const row = rows[0];
  return row ? { ...row, previousTurnAt: null, previousTurnRequestHash: null } : null;
}
