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
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    assignedAt: timestampSchema.nullable(),
    closedAt: timestampSchema.nullable(),
  })
  .meta({ id: "Conversation" });
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationMessageSchema = z
  .object({
    id: idSchema,
    author: z.enum(["visitor", "agent", "system"]),
    /** The agent who wrote it. */
    userId: idSchema.nullable(),
    text: textSchema,
    isInternal: z.boolean(),
    createdAt: timestampSchema,
  })
  .meta({ id: "ConversationMessage" });
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

/** POST /conversations/{conversationId}/messages. */
export const newAgentMessageSchema = z.object({
  text: textSchema
    .trim()
    .min(1, "Must not be empty")
    .max(MAX_AGENT_MESSAGE_LENGTH, `At most ${MAX_AGENT_MESSAGE_LENGTH} characters`),
  internal: z
    .boolean()
    .optional()
    .meta({ description: "An internal note: agents see it, the visitor never does." }),
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
