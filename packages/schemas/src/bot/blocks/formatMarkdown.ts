import type { Nodes, Parent, PhrasingContent, RootContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmStrikethroughFromMarkdown } from "mdast-util-gfm-strikethrough";
import { gfmStrikethrough } from "micromark-extension-gfm-strikethrough";
import { mergeSpans } from "./formatRichText";
import type { FormattedBlock, FormattedSpan } from "./formattedText";

type SpanAttributes = Omit<FormattedSpan, "text">;

/**
 * Markdown (CommonMark and `~~strike~~`, parsed by mdast-util-from-markdown) as formatted blocks:
 * paragraphs, headings (bold), quotes and code blocks as lines, lists as lists (nested items join
 * their parent list), emphasis, strong, strike-through, inline code and links kept; raw HTML as text.
 */
export function formatMarkdown(markdown: string): FormattedBlock[] {
  const tree = fromMarkdown(markdown, {
    extensions: [gfmStrikethrough()],
    mdastExtensions: [gfmStrikethroughFromMarkdown()],
  });
  return tree.children.flatMap(toBlocks);
}

function toBlocks(node: RootContent): FormattedBlock[] {
  switch (node.type) {
    case "paragraph":
      return toLines(toSpans(node.children, {}));
    case "heading":
      return toLines(toSpans(node.children, { bold: true }));
    case "list":
      return [
        {
          type: "list",
          isOrdered: Boolean(node.ordered),
          ...(node.ordered && node.start !== null && node.start !== undefined && node.start !== 1
            ? { start: node.start }
            : {}),
          items: node.children.flatMap(getListItems),
        },
      ];
    case "blockquote":
      return node.children.flatMap(toBlocks);
    case "code":
      return toLines([{ text: node.value, code: true }]);
    case "html":
      return toLines([{ text: node.value }]);
    case "thematicBreak":
      return [{ type: "paragraph", spans: [{ text: "———" }] }];
    default:
      return "children" in node
        ? (node as Parent).children.flatMap((child) => toBlocks(child as RootContent))
        : [];
  }
}

function getListItems(item: Nodes): FormattedSpan[][] {
  if (item.type !== "listItem") return [];
  return item.children.flatMap((child) => {
    if (child.type === "list") return child.children.flatMap(getListItems);
    return toBlocks(child).flatMap((block) => (block.type === "paragraph" ? [block.spans] : block.items));
  });
}

/** Spans as paragraphs, split at line breaks (a chat keeps the author's line breaks, soft ones too). */
function toLines(spans: FormattedSpan[]): FormattedBlock[] {
  const lines: FormattedSpan[][] = [[]];
  for (const span of spans) {
    const parts = span.text.split("\n");
    parts.forEach((part, index) => {
      if (index > 0) lines.push([]);
      if (part) lines.at(-1)?.push({ ...span, text: part });
    });
  }
  return lines.map((line) => ({ type: "paragraph", spans: mergeSpans(line) }));
}

function toSpans(nodes: PhrasingContent[], attributes: SpanAttributes): FormattedSpan[] {
  return nodes.flatMap((node): FormattedSpan[] => {
    switch (node.type) {
      case "text":
        return [{ text: node.value, ...attributes }];
      case "break":
        return [{ text: "\n", ...attributes }];
      case "inlineCode":
        return [{ text: node.value, ...attributes, code: true }];
      case "html":
        return [{ text: node.value, ...attributes }];
      case "strong":
        return toSpans(node.children, { ...attributes, bold: true });
      case "emphasis":
        return toSpans(node.children, { ...attributes, italic: true });
      case "delete":
        return toSpans(node.children, { ...attributes, strike: true });
      case "link":
        return toSpans(node.children, { ...attributes, url: node.url });
      case "image":
        return [{ text: node.alt || node.url, ...attributes, url: node.url }];
      default:
        return "children" in node ? toSpans((node as Parent).children as PhrasingContent[], attributes) : [];
    }
  });
}
