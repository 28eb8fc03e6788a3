import type { RichTextNode } from "@parley/schemas";

/** A node's children (a leaf has none). */
export const getChildren = (node: RichTextNode): RichTextNode[] =>
  Array.isArray(node.children) ? node.children : [];

/** A leaf's text, or undefined for an element. */
export const getLeafText = (node: RichTextNode): string | undefined =>
  typeof node.text === "string" ? node.text : undefined;
