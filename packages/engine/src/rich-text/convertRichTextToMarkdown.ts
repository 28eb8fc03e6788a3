import type { RichTextNode } from "@parley/schemas";
import { getChildren, getLeafText } from "./richTextNodes";

/**
 * Markdown for the `markdown` text bubble format: one line per top-level block, bold as `**`, italic
 * as `_`, strike-through as `~~`, inline code as backticks, links, headings, lists and quotes.
 * Underline has no markdown form and is rendered as plain text.
 */
export const convertRichTextToMarkdown = (nodes: RichTextNode[]): string =>
  nodes.map((node) => serializeBlock(node)).join("\n");

const serializeBlock = (node: RichTextNode): string => {
  switch (node.type) {
    case "h1":
      return `# ${serializeInline(node)}`;
    case "h2":
      return `## ${serializeInline(node)}`;
    case "h3":
      return `### ${serializeInline(node)}`;
    case "blockquote":
      return `> ${serializeInline(node)}`;
    case "ul":
      return serializeList(node, () => "- ");
    case "ol":
      return serializeList(node, (position) => `${position + 1}. `);
    default:
      return serializeInline(node);
  }
};

const serializeList = (node: RichTextNode, getMarker: (position: number) => string): string =>
  getChildren(node)
    .map((item, position) => `${getMarker(position)}${serializeInline(item)}`)
    .join("\n");

const serializeInline = (node: RichTextNode): string => {
  const text = getLeafText(node);
  if (text !== undefined) return serializeLeaf(node, text);
  const content = getChildren(node).map(serializeInline).join("");
  if (node.type === "a" && typeof node.url === "string" && node.url) return `[${content}](${node.url})`;
  return content;
};

const serializeLeaf = (leaf: RichTextNode, text: string): string => {
  if (!text.trim()) return text;
  const [, leading = "", core = "", trailing = ""] = text.match(/^(\s*)([\s\S]*?)(\s*)$/) ?? [];
  let marked = core;
  if (leaf.code) marked = `\`${marked}\``;
  if (leaf.strikethrough) marked = `~~${marked}~~`;
  if (leaf.italic) marked = `_${marked}_`;
  if (leaf.bold) marked = `**${marked}**`;
  return `${leading}${marked}${trailing}`;
};
