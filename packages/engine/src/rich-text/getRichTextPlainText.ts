import type { RichTextNode } from "../types/chat";

/** The text of rich text nodes, one line per top-level block. */
export const getRichTextPlainText = (nodes: RichTextNode[]): string => nodes.map(getNodeText).join("\n");

const getNodeText = (node: RichTextNode): string => {
  if (typeof node.text === "string") return node.text;
  return (node.children ?? []).map(getNodeText).join("");
};
