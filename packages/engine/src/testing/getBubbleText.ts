import type { ChatBubble } from "../types/chat";

/** A bubble as a line of text: the plain text of text bubbles (or their markdown), the URL of media. */
export const getBubbleText = (bubble: ChatBubble): string => {
  if (bubble.type === "text") {
    if (bubble.content.type === "markdown") return bubble.content.markdown;
    return bubble.content.richText.map(collectText).join("\n");
  }
  if (bubble.type === "video") return bubble.content.url ?? bubble.content.id ?? "";
  if (bubble.type === "custom-embed") return "";
  return bubble.content.url;
};

const collectText = (node: { text?: string; children?: unknown[] }): string =>
  typeof node.text === "string"
    ? node.text
    : (node.children ?? []).map((child) => collectText(child as { text?: string })).join("");
