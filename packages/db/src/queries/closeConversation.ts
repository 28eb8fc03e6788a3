import type { Pool } from "../pool";
import { conversationWebhookEventSql } from "./conversationWebhookEvents";

export interface ClosedConversation {
  id: string;
  sessionId: string;
}

/**
 * Closes an inbox conversation of `workspaceId` unless it is closed already (one statement, so of two
 * closes exactly one wins): its resolution, whether the flow resumes, the closing note, and the
 * `conversation.closed` webhook event.
 * null: unknown in that workspace, or closed already.
 */
export async function closeConversation(
  pool: Pool,
  close: {
    conversationId: string;
    workspaceId: string;
    resolution: string | null;
    isResumed: boolean;
    /** The system message kept in the transcript. */
    note: { id: string; text: string };
  },
): Promise<ClosedConversation | null> {
  const { rows } = await pool.query<ClosedConversation>({
    name: "closeConversation",
    text: `WITH c AS (
        UPDATE "Conversation" SET status = 'closed', "closedAt" = now(), "updatedAt" = now(), resolution = $3,
          "isResumed" = $4
        WHERE id = $1 AND "workspaceId" = $2 AND status <> 'closed'
        RETURNING *
      ),
      w AS (${conversationWebhookEventSql({ event: "conversation.closed", conversations: "c", close: { reason: "closed" } })}),
      m AS (
        INSERT INTO "ConversationMessage" (id, "conversationId", author, text)
        SELECT $5, id, 'system', $6 FROM c
      )
      SELECT id, "sessionId" FROM c`,
    values: [
      close.conversationId,
      close.workspaceId,
      close.resolution,
      close.isResumed,
      close.note.id,
      close.note.text,
    ],
  });
  return rows[0] ?? null;
}
