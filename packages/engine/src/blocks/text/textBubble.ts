import { type TextBubbleBlock, textBubbleBlock } from "@parley/schemas";
import { convertRichTextToMarkdown } from "../../rich-text/convertRichTextToMarkdown";
import { getRichTextPlainText } from "../../rich-text/getRichTextPlainText";
import { substituteRichText } from "../../rich-text/substituteRichText";
import { getCurrentScope } from "../../walk/TurnContext";
import type { BubbleExecutor } from "../BlockExecutor";

/** `text`: rich text with variables, as rich text or markdown; nothing when it ends up empty. */
export const textBubble: BubbleExecutor<TextBubbleBlock> = {
  kind: "bubble",
  async createBubble({ block, ctx }) {
    const content = block.content ?? {};
    const source = content.richText?.length
      ? content.richText
      : content.plainText
        ? [{ type: "p", children: [{ text: content.plainText }] }]
        : [];
    const richText = await substituteRichText(source, getCurrentScope(ctx), ctx.ports);
    if (!getRichTextPlainText(richText).trim()) return null;
    return {
      id: block.id,
      type: textBubbleBlock.type,
      content:
        ctx.format === "markdown"
          ? { type: "markdown", markdown: convertRichTextToMarkdown(richText) }
          : { type: "richText", richText },
    };
  },
};
