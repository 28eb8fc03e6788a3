import type { Prisma } from "@parley/db";
import type { Conversation, ConversationMessage } from "@parley/schemas/management/inbox";

export const conversationSelect = {
  id: true,
  workspaceId: true,
  botId: true,
  sessionId: true,
  resultId: true,
  channel: true,
  status: true,
  team: true,
  assigneeId: true,
  resolution: true,
  language: true,
  summary: true,
  createdAt: true,
  updatedAt: true,
  assignedAt: true,
  closedAt: true,
} satisfies Prisma.ConversationSelect;

type ConversationRow = Prisma.ConversationGetPayload<{ select: typeof conversationSelect }>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toConversation(row: ConversationRow): Conversation {
  return {
    ...row,
    channel: row.channel as Conversation["channel"],
    status: row.status as Conversation["status"],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    assignedAt: iso(row.assignedAt),
    closedAt: iso(row.closedAt),
  };
}

export const conversationAttachmentSelect = {
  id: true,
  name: true,
  contentType: true,
  size: true,
  url: true,
} satisfies Prisma.ConversationFileSelect;

export const conversationMessageSelect = {
  id: true,
  author: true,
  userId: true,
  text: true,
  isInternal: true,
  createdAt: true,
  file: { select: conversationAttachmentSelect },
} satisfies Prisma.ConversationMessageSelect;

type MessageRow = Prisma.ConversationMessageGetPayload<{ select: typeof conversationMessageSelect }>;

export function toConversationMessage({ file, ...row }: MessageRow): ConversationMessage {
  return {
    ...row,
    author: row.author as ConversationMessage["author"],
    attachment: file,
    createdAt: row.createdAt.toISOString(),
  };
}
