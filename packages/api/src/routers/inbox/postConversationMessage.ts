import { createId, type Database, Prisma } from "@parley/db";
import { AppError } from "@parley/platform/errors";
import { idSchema } from "@parley/schemas/management/common";
import { conversationMessageSchema, newAgentMessageSchema } from "@parley/schemas/management/inbox";
import { z } from "zod";
import { conversationProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { toConversationMessage } from "./toConversation";

export const conversationClosed = () =>
  new AppError("BAD_REQUEST", [{ message: "The conversation is closed", code: "CONVERSATION_CLOSED" }]);

export const postConversationMessage = conversationProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/conversations/{conversationId}/messages",
      tags: ["Inbox"],
      summary: "Send an agent message or an internal note",
      description:
        "The visitor receives it on the session's event stream; an internal note stays in the inbox.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ conversationId: idSchema, message: z.strictObject(newAgentMessageSchema.shape) }))
  .output(z.object({ message: conversationMessageSchema }))
  .mutation(async ({ ctx, input }) => {
    const row = await insertAgentMessage(ctx.prisma, {
      id: createId(),
      conversationId: input.conversationId,
      userId: ctx.user.id,
      text: input.message.text,
      isInternal: input.message.internal ?? false,
    });
    if (!row) throw conversationClosed();
    return { message: toConversationMessage(row) };
  });

interface AgentMessageRow {
  id: string;
  author: string;
  userId: string | null;
  text: string;
  isInternal: boolean;
  createdAt: Date;
}

/**
 * One statement: the message, unless the conversation is closed; for a message the visitor sees, the
 * session's `message` event (the bubble as continueChat returns it, `from: "agent"`) and its NOTIFY,
 * sent at commit. null: the conversation is closed.
 */
async function insertAgentMessage(
  prisma: Database,
  message: { id: string; conversationId: string; userId: string; text: string; isInternal: boolean },
): Promise<AgentMessageRow | null> {
  const bubble = {
    id: message.id,
    type: "text",
    content: { type: "richText", richText: [{ type: "p", children: [{ text: message.text }] }] },
    from: "agent",
  };
  const rows = await prisma.$queryRaw<(AgentMessageRow & { notified: bigint })[]>(Prisma.sql`
    WITH c AS (
      SELECT id, "sessionId" FROM "Conversation" WHERE id = ${message.conversationId} AND status <> 'closed'
      FOR UPDATE
    ),
    m AS (
      INSERT INTO "ConversationMessage" (id, "conversationId", author, "userId", text, "isInternal")
      SELECT ${message.id}, c.id, 'agent', ${message.userId}, ${message.text}, ${message.isInternal} FROM c
      RETURNING id, author, "userId", text, "isInternal", "createdAt"
    ),
    e AS (
      INSERT INTO "SessionEvent" ("sessionId", type, data)
      SELECT c."sessionId", 'message', ${JSON.stringify(bubble)}::jsonb FROM c WHERE NOT ${message.isInternal}
      RETURNING "sessionId"
    ),
    u AS (UPDATE "Conversation" SET "updatedAt" = now() WHERE id IN (SELECT id FROM c)),
    n AS (SELECT pg_notify('parley_session_events', e."sessionId") FROM e)
    SELECT m.*, (SELECT count(*) FROM n) AS notified FROM m`);
  const row = rows[0];
  if (!row) return null;
  const { notified: _notified, ...stored } = row;
  return stored;
}
