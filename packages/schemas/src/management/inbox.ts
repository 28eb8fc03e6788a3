import { z } from "zod";
import { textSchema } from "../text";
import { idSchema, timestampSchema } from "./common";

/** `waiting`: nobody assigned; `open`: assigned, not closed; `closed`. */
export const conversationStatuses = ["waiting", "open", "closed"] as const;
export const conversationStatusSchema = z.enum(conversationStatuses);
export type ConversationStatus = z.infer<typeof conversationStatusSchema>;

/**
 * Where the visitor is: the web chat, WhatsApp, Telegram, or the builder's preview. `messaging`: a WhatsApp or
 * Telegram conversation recorded before the channel was stored, whose session was gone when it was migrated.
 */
export const conversationChannels = ["web", "whatsapp", "telegram", "preview", "messaging"] as const;
export type ConversationChannel = (typeof conversationChannels)[number];

/** The longest message an agent may send. */
export const MAX_AGENT_MESSAGE_LENGTH = 4_096;

export const conversationSchema = z
  .object({
    id: idSchema,
    workspaceId: idSchema,
    botId: idSchema,
    sessionId: idSchema,
    resultId: idSchema.nullable(),
    channel: z.enum(conversationChannels).meta({
      description:
        "`web`, `whatsapp`, `telegram` or `preview`; `messaging`: WhatsApp or Telegram, recorded before the channel was stored.",
    }),
    status: conversationStatusSchema,
    team: textSchema.nullable(),
    assigneeId: idSchema.nullable(),
    resolution: textSchema.nullable(),
    language: textSchema.nullable().meta({
      description:
        "The visitor's language (BCP 47) when the bot has several languages (docs/languages.md); null for a one-language bot.",
      example: "fr",
    }),
    summary: textSchema.nullable().meta({
      description:
        "What the AI agent summed up when it handed the conversation over (its hand-over path, docs/inbox.md); null otherwise.",
      example: "Ada ordered shoes (order A-42) that arrived damaged; she wants a refund, not a replacement.",
    }),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    assignedAt: timestampSchema.nullable(),
    closedAt: timestampSchema.nullable(),
  })
  .meta({ id: "Conversation" });
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * The files an agent may attach to a message, by type, with the extensions a file of that type is named with:
 * images (shown in the chat) and documents (a download link). Anything else is refused with
 * `FILE_TYPE_NOT_ALLOWED`; the size limit is the chat uploads' (`CHAT_UPLOAD_MAX_MB`).
 */
export const agentAttachmentTypes = {
  "image/png": [".png"],
  "image/jpeg": [".jpg", ".jpeg"],
  "image/gif": [".gif"],
  "image/webp": [".webp"],
  "application/pdf": [".pdf"],
  "text/plain": [".txt"],
  "text/csv": [".csv"],
  "application/rtf": [".rtf"],
  "application/msword": [".doc"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": [".docx"],
  "application/vnd.ms-excel": [".xls"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": [".xlsx"],
  "application/vnd.ms-powerpoint": [".ppt"],
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": [".pptx"],
  "application/vnd.oasis.opendocument.text": [".odt"],
  "application/vnd.oasis.opendocument.spreadsheet": [".ods"],
  "application/vnd.oasis.opendocument.presentation": [".odp"],
} as const satisfies Record<string, readonly string[]>;
export type AgentAttachmentType = keyof typeof agentAttachmentTypes;

/** Whether an attachment of this type shows as a picture (the others are documents). */
export const isImageAttachment = (contentType: string) => contentType.startsWith("image/");

/**
 * An attachment's type: its `Content-Type` when that is one of `agentAttachmentTypes`, else (a generic
 * `application/octet-stream` or none) the type its name's extension stands for; null when neither is allowed.
 */
export function resolveAgentAttachmentType(
  contentType: string | null,
  fileName: string,
): AgentAttachmentType | null {
  const declared = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (declared in agentAttachmentTypes) return declared as AgentAttachmentType;
  if (declared !== "" && declared !== "application/octet-stream") return null;
  const name = fileName.toLowerCase();
  const entry = Object.entries(agentAttachmentTypes).find(([, extensions]) =>
    extensions.some((extension) => name.endsWith(extension)),
  );
  return entry ? (entry[0] as AgentAttachmentType) : null;
}

/** A file an agent sent with a message: the visitor sees an image in the chat, any other file as a link. */
export const conversationAttachmentSchema = z
  .object({
    id: idSchema,
    name: textSchema,
    contentType: textSchema,
    size: z.number().int().min(0).meta({ description: "In bytes" }),
    url: textSchema.meta({
      description: "Where the visitor, WhatsApp or Telegram reads it (unguessable, public)",
    }),
  })
  .meta({ id: "ConversationAttachment" });
export type ConversationAttachment = z.infer<typeof conversationAttachmentSchema>;

export const conversationMessageSchema = z
  .object({
    id: idSchema,
    author: z.enum(["visitor", "agent", "system"]),
    /** The agent who wrote it. */
    userId: idSchema.nullable(),
    text: textSchema,
    isInternal: z.boolean(),
    attachment: conversationAttachmentSchema
      .nullable()
      .meta({ description: "The file an agent sent with the message (null: none)" }),
    createdAt: timestampSchema,
  })
  .meta({ id: "ConversationMessage" });
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

/** POST /conversations/{conversationId}/messages. */
export const newAgentMessageSchema = z.object({
  text: textSchema
    .trim()
    .max(MAX_AGENT_MESSAGE_LENGTH, `At most ${MAX_AGENT_MESSAGE_LENGTH} characters`)
    .default("")
    .meta({ description: "The message; may be empty only when `fileId` is given." }),
  internal: z
    .boolean()
    .optional()
    .meta({ description: "An internal note: agents see it, the visitor never does." }),
  fileId: idSchema.optional().meta({
    description:
      "A file uploaded to this conversation with POST /conversations/{conversationId}/files and not sent yet: it goes with the message (an image shows in the chat, a document as a download link; on WhatsApp and Telegram, after the text, as an image or a document).",
  }),
});

/** POST /conversations/{conversationId}/close. */
export const closeConversationInputSchema = z.object({
  resolution: textSchema.trim().max(1_000).optional(),
  resume: z.boolean(),
  variables: z
    .record(textSchema.min(1).max(100), textSchema.max(10_000))
    .optional()
    .meta({ description: "Values set by name before the flow resumes (names the flow lacks are ignored)." }),
});

export const agentPresenceStatuses = ["available", "away"] as const;
export const agentPresenceSchema = z
  .object({
    userId: idSchema,
    status: z.enum(agentPresenceStatuses),
    updatedAt: timestampSchema,
  })
  .meta({ id: "AgentPresence" });
