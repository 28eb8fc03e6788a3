import type { RichTextNode } from "../types/chat";

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
  (node.children ?? []).map((item, position) => `${getMarker(position)}${serializeInline(item)}`).join("\n");

const serializeInline = (node: RichTextNode): string => {
  if (typeof node.text === "string") return serializeLeaf(node);
  const content = (node.children ?? []).map(serializeInline).join("");
  if (node.type === "a" && typeof node.url === "string" && node.url) return `[${content}](${node.url})`;
  return content;
};

const serializeLeaf = (leaf: RichTextNode): string => {
  const text = leaf.text ?? "";
  if (!text.trim()) return text;
  const [, leading = "", core = "", trailing = ""] = text.match(/^(\s*)([\s\S]*?)(\s*)$/) ?? [];
  let marked = core;
  if (leaf.code) marked = `\`${marked}\``;
  if (leaf.strikethrough) marked = `~~${marked}~~`;
  if (leaf.italic) marked = `_${marked}_`;
  if (leaf.bold) marked = `**${marked}**`;
  return `${leading}${marked}${trailing}`;
};
