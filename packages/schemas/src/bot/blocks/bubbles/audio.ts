import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import { toMediaMessage } from "../textChannel";

export const audioBubbleContentSchema = z
  .object({ url: textSchema, isAutoplayEnabled: z.boolean() })
  .partial();
export type AudioBubbleContent = z.infer<typeof audioBubbleContentSchema>;

export const audioBubbleBlockSchema = blockBaseSchema.extend({
  type: z.literal("audio"),
  content: audioBubbleContentSchema.optional(),
});
export type AudioBubbleBlock = z.infer<typeof audioBubbleBlockSchema>;

export const defaultAudioBubbleContent = { isAutoplayEnabled: true } as const satisfies AudioBubbleContent;

export const audioBubbleBlock = defineBlock({
  type: "audio",
  schema: audioBubbleBlockSchema,
  category: "bubble",
  defaults: defaultAudioBubbleContent,
  catalogue: { label: "Audio", icon: "AudioLines", keywords: "sound" },
  getSummary: (block) => block.content?.url || null,
  textChannel: (bubble) => toMediaMessage(bubble),
});
