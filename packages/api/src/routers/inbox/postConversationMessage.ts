import { deliverAgentReply, routeAgentReply } from "@parley/chat/channels/deliverAgentReply";
import { createId, type Database, Prisma } from "@parley/db";
import { conversationWebhookEventSql } from "@parley/db/queries/conversationWebhookEvents";
import { AppError } from "@parley/platform/errors";
import { logger } from "@parley/platform/logger";
import { textBubbleBlock } from "@parley/schemas";
import { idSchema } from "@parley/schemas/management/common";
import { conversationMessageSchema, newAgentMessageSchema } from "@parley/schemas/management/inbox";
import { z } from "zod";
import { conversationProcedure } from "../../access/procedures";
import { getBuilderChatRuntime } from "../../builderChatRuntime";
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
        "The visitor receives it on the session's event stream, or through WhatsApp or Telegram when the chat runs there; an internal note stays in the inbox. WhatsApp only takes a reply within 24 hours of the visitor's last message: outside that window BAD_REQUEST `WHATSAPP_WINDOW_CLOSED`, nothing stored or sent. A channel conversation the visitor has since restarted: `CHANNEL_CONVERSATION_ENDED`.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ conversationId: idSchema, message: z.strictObject(newAgentMessageSchema.shape) }))
  .output(z.object({ message: conversationMessageSchema }))
  .mutation(async ({ ctx, input }) => {
    const isInternal = input.message.internal ?? false;
    const runtime = getBuilderChatRuntime();
    // A note never leaves the inbox; a reply to a WhatsApp or Telegram visitor goes through that channel.
    const route = isInternal ? null : await routeAgentReply(runtime, input.conversationId);
    if (route?.kind === "windowClosed")
      throw new AppError("BAD_REQUEST", [
        {
          message: `WhatsApp's 24-hour customer-service window is closed: the visitor last wrote at ${route.lastVisitorMessageAt.toISOString()}, and WhatsApp only delivers a business's free-form reply within 24 hours of the customer's last message. Nothing was sent; the visitor's next message opens the window again.`,
          path: ["message", "text"],
          code: "WHATSAPP_WINDOW_CLOSED",
        },
      ]);
    if (route?.kind === "unlinked")
      throw new AppError("BAD_REQUEST", [
        {
          message:
            "The visitor's messaging conversation has moved on to a new chat (or its account was removed): the reply cannot reach them",
          code: "CHANNEL_CONVERSATION_ENDED",
        },
      ]);
    const id = createId();
    const bubble = {
      id,
      type: textBubbleBlock.type,
      content: {
        type: "richText" as const,
        richText: [{ type: "p", children: [{ text: input.message.text }] }],
      },
    };
    const row = await insertAgentMessage(ctx.prisma, {
      id,
      conversationId: input.conversationId,
      userId: ctx.user.id,
      text: input.message.text,
      isInternal,
      bubble,
    });
    if (!row) throw conversationClosed();
    if (route?.kind === "channel") await deliverAgentReply(runtime, route.target, bubble, logger);
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
 * sent at commit, and the `conversation.message` webhook event. null: the conversation is closed.
 */
async function insertAgentMessage(
  prisma: Database,
  message: {
    id: string;
    conversationId: string;
    userId: string;
    text: string;
    isInternal: boolean;
    bubble: Record<string, unknown>;
  },
): Promise<AgentMessageRow | null> {
  const event = { ...message.bubble, from: "agent" };
  const rows = await prisma.$queryRaw<(AgentMessageRow & { notified: bigint })[]>(Prisma.sql`
    WITH c AS (
      SELECT id, "sessionId" FROM "Conversation" WHERE id = ${message.conversationId} AND status <> 'closed'
      FOR UPDATE
    ),
    m AS (
      INSERT INTO "ConversationMessage" (id, "conversationId", author, "userId", text, "isInternal")
      SELECT ${message.id}, c.id, 'agent', ${message.userId}, ${message.text}, ${message.isInternal} FROM c
      RETURNING *
    ),
    e AS (
      INSERT INTO "SessionEvent" ("sessionId", type, data)
      SELECT c."sessionId", 'message', ${JSON.stringify(event)}::jsonb FROM c WHERE NOT ${message.isInternal}
      RETURNING "sessionId"
    ),
    u AS (UPDATE "Conversation" SET "updatedAt" = now() WHERE id IN (SELECT id FROM c) RETURNING *),
    w AS (${Prisma.raw(conversationWebhookEventSql({ event: "conversation.message", conversations: "u", messages: `(SELECT * FROM m WHERE NOT m."isInternal")` }))}),
    n AS (SELECT pg_notify('parley_session_events', e."sessionId") FROM e)
    SELECT m.id, m.author, m."userId", m.text, m."isInternal", m."createdAt", (SELECT count(*) FROM n) AS notified
    FROM m`);
  const row = rows[0];
  if (!row) return null;
  const { notified: _notified, ...stored } = row;
  return stored;
}
