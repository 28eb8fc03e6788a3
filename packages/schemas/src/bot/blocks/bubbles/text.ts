import { z } from "zod";
import { getRichTextPlainText, richTextSchema } from "../../richText";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";

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

export const textBubbleBlock = defineBlock({
  type: "text",
  schema: textBubbleBlockSchema,
  category: "bubble",
  defaults: defaultTextBubbleContent,
  catalogue: { label: "Text", icon: "MessageSquareText", keywords: "message bubble" },
  initialFields: () => ({ content: { richText: [{ type: "p", children: [{ text: "" }] }] } }),
  getSummary: (block) => getRichTextPlainText(block.content?.richText ?? []).trim() || null,
  settings: { panel: "richText" },
  textChannel: (bubble) => ({
    text:
      bubble.content.type === "markdown"
        ? bubble.content.markdown
        : getRichTextPlainText(bubble.content.richText),
  }),
});
