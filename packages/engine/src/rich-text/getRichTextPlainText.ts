import type { RichTextNode } from "@parley/schemas";
import { getChildren, getLeafText } from "./richTextNodes";

/** The text of rich text nodes, one line per top-level block. */
export const getRichTextPlainText = (nodes: RichTextNode[]): string => nodes.map(getNodeText).join("\n");

const getNodeText = (node: RichTextNode): string => {
  return getLeafText(node) ?? getChildren(node).map(getNodeText).join("");
};
