import type { RichText, RichTextNode } from "../richText";
import type { FormattedBlock, FormattedSpan } from "./formattedText";

type SpanAttributes = Omit<FormattedSpan, "text">;

// Elements that hold lines rather than text; anything else is inline (links, variables, unknown kinds).
const blockTypes = new Set([
  "p",
  "paragraph",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "ul",
  "ol",
  "li",
  "lic",
]);
const headingTypes = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

const getChildren = (node: RichTextNode): RichTextNode[] =>
  Array.isArray(node.children) ? node.children : [];
const isLeaf = (node: RichTextNode) => typeof node.text === "string" && !Array.isArray(node.children);
const isBlockElement = (node: RichTextNode) =>
  !isLeaf(node) && typeof node.type === "string" && blockTypes.has(node.type);

/**
 * Rich text (Slate/Plate nodes of a text bubble) as formatted blocks: paragraphs and headings (bold)
 * as lines, `ul`/`ol` as lists (a nested list's items join its parent list), leaf marks and links kept.
 */
export function formatRichText(nodes: RichText): FormattedBlock[] {
  return nodes.flatMap(toBlocks);
}

function toBlocks(node: RichTextNode): FormattedBlock[] {
  if (node.type === "ul" || node.type === "ol")
    return [{ type: "list", isOrdered: node.type === "ol", items: getListItems(node) }];
  const children = getChildren(node);
  if (!isLeaf(node) && children.some(isBlockElement)) return children.flatMap(toBlocks);
  const inherited = typeof node.type === "string" && headingTypes.has(node.type) ? { bold: true } : {};
  return [{ type: "paragraph", spans: mergeSpans(toSpans(node, inherited)) }];
}

function getListItems(list: RichTextNode): FormattedSpan[][] {
  return getChildren(list).flatMap((item) => {
    const children = getChildren(item);
    const nested = children.filter((child) => child.type === "ul" || child.type === "ol");
    const own = isLeaf(item) ? [item] : children.filter((child) => !nested.includes(child));
    return [mergeSpans(own.flatMap((child) => toSpans(child, {}))), ...nested.flatMap(getListItems)];
  });
}

function toSpans(node: RichTextNode, inherited: SpanAttributes): FormattedSpan[] {
  if (isLeaf(node)) {
    const text = typeof node.text === "string" ? node.text : "";
    if (!text) return [];
    const marks: SpanAttributes = {
      ...(node.bold === true || inherited.bold ? { bold: true } : {}),
      ...(node.italic === true || inherited.italic ? { italic: true } : {}),
      ...(node.underline === true ? { underline: true } : {}),
      ...(node.strikethrough === true ? { strike: true } : {}),
      ...(node.code === true ? { code: true } : {}),
      ...(inherited.url ? { url: inherited.url } : {}),
    };
    return [{ text, ...marks }];
  }
  const link = (node.type === "a" || node.type === "link") && typeof node.url === "string" ? node.url : "";
  const scope = link ? { ...inherited, url: link } : inherited;
  return getChildren(node).flatMap((child) => toSpans(child, scope));
}

/** Neighbouring spans of the same marks and link as one, so channels open and close each mark once. */
export function mergeSpans(spans: FormattedSpan[]): FormattedSpan[] {
  const merged: FormattedSpan[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && isSameAttributes(last, span))
      merged[merged.length - 1] = { ...last, text: last.text + span.text };
    else merged.push(span);
  }
  return merged;
}

const isSameAttributes = (a: FormattedSpan, b: FormattedSpan) =>
  (["bold", "italic", "underline", "strike", "code", "url"] as const).every((key) => a[key] === b[key]);
