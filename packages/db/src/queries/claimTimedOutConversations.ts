import type { Pool } from "../pool";
import { conversationWebhookEventSql } from "./conversationWebhookEvents";

export interface TimedOutConversation {
  id: string;
  workspaceId: string;
  sessionId: string;
}

/**
 * Closes up to `limit` waiting conversations whose pick-up time has passed with nobody assigned (one
 * statement; rows another process is closing are skipped), each with a system note and its `conversation.closed`
 * webhook event (`close.reason: "timedOut"`), and returns them:
 * their sessions then take the Human handoff block's fallback path.
 */
export async function claimTimedOutConversations(
  pool: Pool,
  options: { now: Date; limit: number; note: string },
): Promise<TimedOutConversation[]> {
  const { rows } = await pool.query<TimedOutConversation>({
    name: "claimTimedOutConversations",
    text: `WITH c AS (
        UPDATE "Conversation" SET status = 'closed', "closedAt" = now(), "updatedAt" = now(), "isResumed" = false
        WHERE id IN (
          SELECT id FROM "Conversation"
          WHERE status = 'waiting' AND "assigneeId" IS NULL AND "pickUpTimeoutAt" <= $1
          ORDER BY "pickUpTimeoutAt" LIMIT $2 FOR UPDATE SKIP LOCKED
        ) AND status = 'waiting'
        RETURNING *
      ),
      w AS (${conversationWebhookEventSql({ event: "conversation.closed", conversations: "c", close: { reason: "timedOut" } })}),
      m AS (
        INSERT INTO "ConversationMessage" (id, "conversationId", author, text)
        SELECT 'n' || left(md5(id || ':timeout'), 23), id, 'system', $3 FROM c
      )
      SELECT id, "workspaceId", "sessionId" FROM c`,
    values: [options.now, options.limit, options.note],
  });
  return rows;
}
