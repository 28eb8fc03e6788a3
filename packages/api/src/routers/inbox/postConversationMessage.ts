import { deliverAgentReply, routeAgentReply } from "@parley/chat/channels/deliverAgentReply";
import { createId, type Database, Prisma } from "@parley/db";
import { conversationWebhookEventSql } from "@parley/db/queries/conversationWebhookEvents";
import { AppError } from "@parley/platform/errors";
import { logger } from "@parley/platform/logger";
import { type ChatBubble, imageBubbleBlock, textBubbleBlock } from "@parley/schemas";
import { idSchema } from "@parley/schemas/management/common";
import {
  type ConversationAttachment,
  conversationMessageSchema,
  isImageAttachment,
  newAgentMessageSchema,
} from "@parley/schemas/management/inbox";
import { z } from "zod";
import { conversationProcedure } from "../../access/procedures";
import { getBuilderChatRuntime } from "../../builderChatRuntime";
import { readWriteErrors } from "../errorLists";
import { conversationAttachmentSelect, toConversationMessage } from "./toConversation";

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
        "Sent on the session's event stream, or on WhatsApp or Telegram; an internal note stays in the inbox. `fileId`: a file uploaded to the conversation (POST …/files), sent once (`text` may then be empty). BAD_REQUEST `WHATSAPP_WINDOW_CLOSED` (24 hours after the visitor's last message), `CHANNEL_CONVERSATION_ENDED`, `FILE_NOT_FOUND`, `FILE_ALREADY_SENT`; nothing stored on a refusal. Details: docs/inbox.md.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ conversationId: idSchema, message: z.strictObject(newAgentMessageSchema.shape) }))
  .output(z.object({ message: conversationMessageSchema }))
  .mutation(async ({ ctx, input }) => {
    const isInternal = input.message.internal ?? false;
    const { text, fileId } = input.message;
    if (!text && !fileId)
      throw new AppError("BAD_REQUEST", [
        { message: "Must not be empty (send a text, a file or both)", path: ["message", "text"] },
      ]);
    const attachment = fileId ? await readUnsentFile(ctx.prisma, input.conversationId, fileId) : null;
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
    const textBubble = text
      ? {
          id,
          type: textBubbleBlock.type,
          content: {
            type: "richText" as const,
            richText: [{ type: "p", children: [{ text }] }],
          },
        }
      : null;
    const bubbles = [
      ...(textBubble ? [textBubble] : []),
      ...(attachment ? [toAttachmentBubble(id, attachment)] : []),
    ];
    const row = await insertAgentMessage(ctx.prisma, {
      id,
      conversationId: input.conversationId,
      userId: ctx.user.id,
      text,
      isInternal,
      fileId: attachment?.id ?? null,
      bubbles,
    });
    if (!row) {
      // Closed, or its file went with a simultaneous message (readUnsentFile then says so).
      if (attachment) await readUnsentFile(ctx.prisma, input.conversationId, attachment.id);
      throw conversationClosed();
    }
    if (route?.kind === "channel")
      await deliverAgentReply(runtime, route.target, { text: textBubble, attachment }, logger);
    return { message: toConversationMessage({ ...row, file: attachment }) };
  });

const fileNotFound = () =>
  new AppError("BAD_REQUEST", [
    {
      message:
        "No file of this conversation has this id: upload it first (POST /conversations/{conversationId}/files)",
      path: ["message", "fileId"],
      code: "FILE_NOT_FOUND",
    },
  ]);

/** The conversation's uploaded file `fileId`, refused when it is another's or already went with a message. */
async function readUnsentFile(prisma: Database, conversationId: string, fileId: string) {
  const file = await prisma.conversationFile.findFirst({
    where: { id: fileId, conversationId },
    select: { ...conversationAttachmentSelect, message: { select: { id: true } } },
  });
  if (!file) throw fileNotFound();
  if (file.message)
    throw new AppError("BAD_REQUEST", [
      { message: "This file was already sent", path: ["message", "fileId"], code: "FILE_ALREADY_SENT" },
    ]);
  const { message: _message, ...attachment } = file;
  return attachment;
}

const megabytes = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * The file as the visitor's chat shows it, a bubble continueChat could return: an image bubble (opening the
 * full picture when clicked), or a text bubble whose link downloads the document.
 */
function toAttachmentBubble(messageId: string, attachment: ConversationAttachment): ChatBubble {
  const id = `${messageId}-file`;
  if (isImageAttachment(attachment.contentType))
    return {
      id,
      type: imageBubbleBlock.type,
      content: { url: attachment.url, clickLink: { url: attachment.url, alt: attachment.name } },
    };
  return {
    id,
    type: textBubbleBlock.type,
    content: {
      type: "richText",
      richText: [
        {
          type: "p",
          children: [
            {
              type: "a",
              url: attachment.url,
              children: [{ text: `${attachment.name} (${megabytes(attachment.size)})` }],
            },
          ],
        },
      ],
    },
  };
}

interface AgentMessageRow {
  id: string;
  author: string;
  userId: string | null;
  text: string;
  isInternal: boolean;
  createdAt: Date;
}

/**
 * One statement: the message, unless the conversation is closed (or its file already went with another message);
 * for a message the visitor sees, the session's `message` events (each bubble as continueChat returns it,
 * `from: "agent"`: the text, then the file) and their NOTIFY, sent at commit, and the `conversation.message` webhook
 * event. null: nothing was stored.
 */
async function insertAgentMessage(
  prisma: Database,
  message: {
    id: string;
    conversationId: string;
    userId: string;
    text: string;
    isInternal: boolean;
    fileId: string | null;
    bubbles: ChatBubble[];
  },
): Promise<AgentMessageRow | null> {
  const events = message.bubbles.map((bubble) => ({ ...bubble, from: "agent" }));
  const rows = await prisma.$queryRaw<(AgentMessageRow & { notified: bigint })[]>(Prisma.sql`
    WITH c AS (
      SELECT id, "sessionId" FROM "Conversation" WHERE id = ${message.conversationId} AND status <> 'closed'
      FOR UPDATE
    ),
    m AS (
      INSERT INTO "ConversationMessage" (id, "conversationId", author, "userId", text, "isInternal", "fileId")
      SELECT ${message.id}, c.id, 'agent', ${message.userId}, ${message.text}, ${message.isInternal}, ${message.fileId} FROM c
      WHERE ${message.fileId}::text IS NULL
        OR NOT EXISTS (SELECT 1 FROM "ConversationMessage" WHERE "fileId" = ${message.fileId})
      ON CONFLICT ("fileId") DO NOTHING
      RETURNING *
    ),
    e AS (
      INSERT INTO "SessionEvent" ("sessionId", type, data)
      SELECT c."sessionId", 'message', b.event
      FROM c, jsonb_array_elements(${JSON.stringify(events)}::jsonb) WITH ORDINALITY AS b(event, position)
      WHERE NOT ${message.isInternal} AND EXISTS (SELECT 1 FROM m)
      ORDER BY b.position
      RETURNING "sessionId"
    ),
    u AS (UPDATE "Conversation" SET "updatedAt" = now() WHERE id IN (SELECT "conversationId" FROM m) RETURNING *),
    w AS (${Prisma.raw(conversationWebhookEventSql({ event: "conversation.message", conversations: "u", messages: `(SELECT * FROM m WHERE NOT m."isInternal")` }))}),
    n AS (SELECT pg_notify('parley_session_events', s."sessionId") FROM (SELECT DISTINCT "sessionId" FROM e) s)
    SELECT m.id, m.author, m."userId", m.text, m."isInternal", m."createdAt", (SELECT count(*) FROM n) AS notified
    FROM m`);
  const row = rows[0];
  if (!row) return null;
  const { notified: _notified, ...stored } = row;
  return stored;
}
