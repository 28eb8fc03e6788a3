import { z } from "zod";
import { richTextSchema } from "../../richText";
import { blockBaseSchema } from "../blockBase";

export const textBubbleContentSchema = z
  .object({
    richText: richTextSchema,
    /** Legacy renderings kept by old exports; `richText` is authoritative. */
    html: z.string(),
    plainText: z.string(),
  })
  .partial();
export type TextBubbleContent = z.infer<typeof textBubbleContentSchema>;

export const textBubbleBlockSchema = blockBaseSchema.extend({
  type: z.literal("text"),
  content: textBubbleContentSchema.optional(),
});
export type TextBubbleBlock = z.infer<typeof textBubbleBlockSchema>;

export const defaultTextBubbleContent = { richText: [] } as const satisfies TextBubbleContent;
