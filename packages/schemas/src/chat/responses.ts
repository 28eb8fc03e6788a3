import { z } from "zod";
import { generalSettingsSchema, typingEmulationSchema } from "../bot/settings";
import { themeSchema } from "../bot/theme";
import { textSchema } from "../text";
import { chatBubbleSchema, messageSourceSchema } from "./bubbles";
import { clientSideActionSchema } from "./clientSideActions";
import { chatInputSchema } from "./input";
import { chatLogSchema } from "./logs";

/**
 * Chat responses follow the contract's own words: `lastMessageNewFormat`, `input`, `dynamicTheme`
 * and `progress` (and a start response's `resultId`) are returned when they apply and are left out
 * otherwise, never `null`. Inside the records (bubbles, the input, actions, logs, the dynamic theme)
 * the repository's convention holds: a field the contract names is present, `null` when unset. Lists
 * are always present (`[]` when empty); the `.default()`s let a server build a response without them.
 */
export const dynamicThemeSchema = z
  .object({
    hostAvatarUrl: textSchema.nullable().default(null),
    guestAvatarUrl: textSchema.nullable().default(null),
    backgroundUrl: textSchema.nullable().default(null),
  })
  .meta({ id: "DynamicTheme" });
export type DynamicTheme = z.infer<typeof dynamicThemeSchema>;
/** The theme's variable values as a server builds them: absent URLs may be left out (null). */
export type DynamicThemeInput = z.input<typeof dynamicThemeSchema>;

/** Shared by start and continue responses. */
export const chatTurnResponseShape = {
  messages: z.array(chatBubbleSchema).default([]),
  /** The user's message after validation and formatting; returned only when that changed it. */
  lastMessageNewFormat: textSchema.optional(),
  /** The input the flow waits on; left out when the flow ended or waits on an action. */
  input: chatInputSchema.optional(),
  clientSideActions: z.array(clientSideActionSchema).default([]),
  logs: z.array(chatLogSchema).default([]),
  /** Returned when the bot has dynamic avatars (or background), with the URLs its variables hold now. */
  dynamicTheme: dynamicThemeSchema.optional(),
  /** 0–100; returned when the progress bar is enabled. */
  progress: z.number().min(0).max(100).optional(),
  streamedMessageSources: z
    .array(messageSourceSchema)
    .optional()
    .describe(
      "Beyond the contract: the knowledge sources of the AI agent answer the client streamed (POST /sessions/{sessionId}/streamMessage) just before this continueChat, numbered in this order; absent when there are none",
    ),
  language: textSchema
    .optional()
    .describe(
      "Beyond the contract: the visitor's language (BCP 47) the texts are in, for a bot with several languages; absent otherwise",
    ),
};

export const continueChatResponseSchema = z
  .object(chatTurnResponseShape)
  .meta({ id: "ContinueChatResponse" });

/** A turn's answer (`ContinueChatResponse`) plus the session, its result and the bot's look. */
export const startChatResponseSchema = continueChatResponseSchema
  .extend({
    /** Keep it: continueChat addresses the session with it. */
    sessionId: textSchema,
    /** Returned when the flow paused (never in preview, nor for a session only registering). */
    resultId: textSchema.optional(),
    bot: z.object({
      id: textSchema,
      theme: themeSchema,
      settings: z.object({ general: generalSettingsSchema, typingEmulation: typingEmulationSchema }),
      publishedAt: textSchema.nullable().default(null),
    }),
  })
  .meta({ id: "StartChatResponse" });
export type StartChatResponse = z.infer<typeof startChatResponseSchema>;

export type ContinueChatResponse = z.infer<typeof continueChatResponseSchema>;

export const updateBotResponseSchema = z.object({ message: z.literal("success") });
export type UpdateBotResponse = z.infer<typeof updateBotResponseSchema>;

/**
 * GET /sessions/{sessionId}/listenForWebhook/{listenId}: still waiting when the poll's time is up
 * (poll again), or the turn that followed the call (or the timeout), as continueChat answers it.
 */
export const listenForWebhookResponseSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("waiting") }),
  z.object({ status: z.literal("resumed"), response: continueChatResponseSchema }),
]);
export type ListenForWebhookResponse = z.infer<typeof listenForWebhookResponseSchema>;

/** POST /bots/{publicId}/blocks/{blockId}/results/{resultId}/executeWebhook. */
export const executeWebhookResponseSchema = z.object({ message: z.literal("success") });
export type ExecuteWebhookResponse = z.infer<typeof executeWebhookResponseSchema>;
