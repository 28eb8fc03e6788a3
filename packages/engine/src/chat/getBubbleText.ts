import type { ChatBubble, RichTextNode } from "@parley/schemas";
import { getChildren, getLeafText } from "../rich-text/richTextNodes";

/** A bubble as a line of text: the plain text of text bubbles (or their markdown), the URL of media. */
export const getBubbleText = (bubble: ChatBubble): string => {
  if (bubble.type === "text") {
    if (bubble.content.type === "markdown") return bubble.content.markdown;
    return bubble.content.richText.map(collectText).join("\n");
  }
  if (bubble.type === "video") return bubble.content.url ?? bubble.content.id ?? "";
  if (bubble.type === "custom-embed") return "";
  return bubble.content.url ?? "";
};

const collectText = (node: RichTextNode): string =>
  getLeafText(node) ?? getChildren(node).map(collectText).join("");
