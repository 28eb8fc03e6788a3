import { z } from "zod";
import { canonicalLanguageTag } from "../bot/languages/languageTags";
import { textSchema } from "../text";
import { chatRequestMessageSchema } from "./message";

export const textBubbleContentFormats = ["richText", "markdown"] as const;
export const textBubbleContentFormatSchema = z.enum(textBubbleContentFormats);
export type TextBubbleContentFormat = z.infer<typeof textBubbleContentFormatSchema>;

/**
 * Variable values given by name; numbers and booleans are stored as their text. (zod drops
 * a `__proto__` key, so a body cannot change the prototype of the parsed object.)
 */
export const prefilledVariablesSchema = z.record(
  textSchema.min(1).max(255),
  z
    .union([textSchema, z.number(), z.boolean(), z.null(), z.array(textSchema.nullable())])
    .transform((value) => (typeof value === "number" || typeof value === "boolean" ? String(value) : value)),
);
export type PrefilledVariables = z.infer<typeof prefilledVariablesSchema>;

/** Body of POST {chat_url}/api/v1/bots/{publicId}/startChat. */
export const startChatRequestSchema = z.object({
  /** Resume that result (honoured with "remember user"). */
  resultId: textSchema.min(1).optional(),
  /** Answers a leading input directly. */
  message: chatRequestMessageSchema.optional(),
  /** The client streams AI completions itself and sends the text back. */
  isStreamEnabled: z.boolean().default(false),
  /** Only create the session; the first continueChat starts the flow. */
  isOnlyRegistering: z.boolean().default(false),
  prefilledVariables: prefilledVariablesSchema.optional(),
  textBubbleContentFormat: textBubbleContentFormatSchema.default("richText"),
  language: textSchema
    .max(64)
    .refine((tag) => canonicalLanguageTag(tag) !== null, "Not a BCP 47 language tag (e.g. en, fr-CA)")
    .optional()
    .describe(
      "Beyond the contract: the visitor's language (BCP 47), e.g. the embed's `language` option. A bot with several languages speaks the one it names (exactly, else by its language subtag) when its detection order puts this source first; otherwise ignored",
    ),
});
export type StartChatRequest = z.infer<typeof startChatRequestSchema>;

export const startFromSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("group"), groupId: textSchema.min(1) }),
  z.object({ type: z.literal("event"), eventId: textSchema.min(1) }),
]);
export type StartFrom = z.infer<typeof startFromSchema>;

/** Body of POST {chat_url}/api/v1/bots/{botId}/preview/startChat (the draft; nothing recorded). */
export const previewStartChatRequestSchema = startChatRequestSchema.omit({ resultId: true }).extend({
  startFrom: startFromSchema.optional(),
  /** Reuse (overwrite) this preview session. */
  sessionId: textSchema.min(1).optional(),
  /** Overrides the theme's progress bar setting. */
  isProgressBarEnabled: z.boolean().optional(),
});
export type PreviewStartChatRequest = z.infer<typeof previewStartChatRequestSchema>;

/** Body of POST {chat_url}/api/v1/sessions/{sessionId}/continueChat. */
export const continueChatRequestSchema = z.object({
  message: chatRequestMessageSchema.nullish(),
  textBubbleContentFormat: textBubbleContentFormatSchema.default("richText"),
});
export type ContinueChatRequest = z.infer<typeof continueChatRequestSchema>;
