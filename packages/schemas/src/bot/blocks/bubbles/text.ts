import { z } from "zod";
import { textSchema } from "../../../text";
import { getRichTextPlainText, richTextSchema } from "../../richText";
import { blockBaseSchema } from "../blockBase";
import { defineBlock } from "../defineBlock";
import { formatMarkdown } from "../formatMarkdown";
import { formatRichText } from "../formatRichText";
import type { FormattedBlock } from "../formattedText";
import { toFormattedMessage } from "../textChannel";

export const textBubbleContentSchema = z
  .object({
    richText: richTextSchema,
    /** Legacy renderings kept by old exports; `richText` is authoritative. */
    html: textSchema,
    plainText: textSchema,
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
  texts: { fields: ["content.richText"] },
  defaults: defaultTextBubbleContent,
  catalogue: { label: "Text", icon: "MessageSquareText", keywords: "message bubble" },
  initialFields: () => ({ content: { richText: [{ type: "p", children: [{ text: "" }] }] } }),
  getSummary: (block) => getRichTextPlainText(block.content?.richText ?? []).trim() || null,
  settings: { panel: "richText" },
  textChannel: (bubble) =>
    toFormattedMessage([
      ...(bubble.content.type === "markdown"
        ? formatMarkdown(bubble.content.markdown)
        : formatRichText(bubble.content.richText)),
      ...formatSources(bubble.sources),
    ]),
});

/** An answer's sources under it, numbered as the widget numbers them: "Sources:" then "1. Returns policy". */
function formatSources(sources: readonly { name: string; url?: string }[] | undefined): FormattedBlock[] {
  if (!sources?.length) return [];
  return [
    { type: "paragraph", spans: [] },
    { type: "paragraph", spans: [{ text: "Sources:", bold: true }] },
    {
      type: "list",
      isOrdered: true,
      items: sources.map((source) =>
        source.url ? [{ text: source.name, url: source.url }] : [{ text: source.name }],
      ),
    },
  ];
}
