import { z } from "zod";
import { generalSettingsSchema, typingEmulationSchema } from "../bot/settings";
import { themeSchema } from "../bot/theme";
import { chatBubbleSchema } from "./bubbles";
import { clientSideActionSchema } from "./clientSideActions";
import { chatInputSchema } from "./input";
import { chatLogSchema } from "./logs";

/**
 * Response convention (as everywhere in this API, see commit "Absent optional values are
 * null in responses"): every field the contract names is present; an absent value is `null`
 * and an empty list is `[]`. The `.default()`s let a server build a response without the
 * empty fields: parsing fills them in, so clients always see the full shape.
 */
export const dynamicThemeSchema = z.object({
  hostAvatarUrl: z.string().nullable().default(null),
  guestAvatarUrl: z.string().nullable().default(null),
  backgroundUrl: z.string().nullable().default(null),
});
export type DynamicTheme = z.infer<typeof dynamicThemeSchema>;
/** The theme's variable values as a server builds them: absent URLs may be left out (null). */
export type DynamicThemeInput = z.input<typeof dynamicThemeSchema>;

/** Shared by start and continue responses. */
export const chatTurnResponseShape = {
  messages: z.array(chatBubbleSchema).default([]),
  /** The user's message after validation and formatting, when that changed it. */
  lastMessageNewFormat: z.string().nullable().default(null),
  /** The input the flow waits on; `null` when the flow ended or waits on an action. */
  input: chatInputSchema.nullable().default(null),
  clientSideActions: z.array(clientSideActionSchema).default([]),
  logs: z.array(chatLogSchema).default([]),
  dynamicTheme: dynamicThemeSchema.nullable().default(null),
  /** 0–100; `null` unless the progress bar is enabled. */
  progress: z.number().min(0).max(100).nullable().default(null),
};

export const startChatResponseSchema = z.object({
  /** Keep it: continueChat addresses the session with it. */
  sessionId: z.string(),
  /** Set when the flow paused (never in preview). */
  resultId: z.string().nullable().default(null),
  bot: z.object({
    id: z.string(),
    theme: themeSchema,
    settings: z.object({ general: generalSettingsSchema, typingEmulation: typingEmulationSchema }),
    publishedAt: z.string().nullable().default(null),
  }),
  ...chatTurnResponseShape,
});
export type StartChatResponse = z.infer<typeof startChatResponseSchema>;

export const continueChatResponseSchema = z.object(chatTurnResponseShape);
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
