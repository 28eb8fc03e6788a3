import { z } from "zod";
import { textSchema } from "../../../text";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import { toMediaMessage } from "../textChannel";

export const imageBubbleContentSchema = z
  .object({
    url: textSchema,
    clickLink: z.object({ url: textSchema, alt: textSchema }).partial(),
  })
  .partial();
export type ImageBubbleContent = z.infer<typeof imageBubbleContentSchema>;

export const imageBubbleBlockSchema = blockBaseSchema.extend({
  type: z.literal("image"),
  content: imageBubbleContentSchema.optional(),
});
export type ImageBubbleBlock = z.infer<typeof imageBubbleBlockSchema>;

export const defaultImageBubbleContent = {
  clickLink: { alt: "Bubble image" },
} as const satisfies ImageBubbleContent;

export const imageBubbleBlock = defineBlock({
  type: "image",
  schema: imageBubbleBlockSchema,
  category: "bubble",
  defaults: defaultImageBubbleContent,
  catalogue: { label: "Image", icon: "Image", keywords: "picture gif" },
  getSummary: (block) => block.content?.url || null,
  textChannel: (bubble) => toMediaMessage(bubble),
});
