import type { RichTextNode } from "@parley/schemas";
import type { BlockContent, List, ListItem, Paragraph, PhrasingContent, Root } from "mdast";
import { gfmStrikethroughToMarkdown } from "mdast-util-gfm-strikethrough";
import { toMarkdown } from "mdast-util-to-markdown";
import { getChildren, getLeafText } from "./richTextNodes";

/**
 * Markdown for the `markdown` text bubble format (CommonMark, with GFM's `~~strike-through~~`), built
 * as a Markdown syntax tree and written by mdast-util-to-markdown, which escapes whatever the text
 * holds (`2*3*4`, a line starting with `1. ` or `#`) so that the Markdown means exactly the rich text:
 * each block (paragraph, heading, quote, list) is a Markdown block, separated by a blank line; a line
 * break inside a block is a hard break (`\` at the end of the line); an empty paragraph, which Markdown
 * cannot write, is a paragraph of one no-break space (what the chat widget shows for it too).
 * Marks: bold `**`, italic `*`, strike-through `~~`, code in backticks, links `[text](url)`; underline,
 * which Markdown has no syntax for, is the inline HTML pair `<u>…</u>`. Spaces at the edges of a bold,
 * italic or struck-through run are written outside it (Markdown cannot close a mark after a space).
 */
export const convertRichTextToMarkdown = (nodes: RichTextNode[]): string => {
  const tree: Root = { type: "root", children: nodes.flatMap(toBlocks) };
  return toMarkdown(tree, { bullet: "-", extensions: [gfmStrikethroughToMarkdown()] }).replace(/\n$/, "");
};

const headingDepths: Record<string, 1 | 2 | 3 | 4 | 5 | 6> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const blockTypes = new Set([
  "p",
  "paragraph",
  "blockquote",
  "ul",
  "ol",
  "li",
  "lic",
  ...Object.keys(headingDepths),
]);

const isBlockElement = (node: RichTextNode) =>
  getLeafText(node) === undefined && typeof node.type === "string" && blockTypes.has(node.type);

function toBlocks(node: RichTextNode): BlockContent[] {
  const type = typeof node.type === "string" ? node.type : "";
  if (type === "ul" || type === "ol") return [toList(node)];
  const children = getChildren(node);
  if (type === "blockquote") {
    const content = children.some(isBlockElement) ? children.flatMap(toBlocks) : [toParagraph([node])];
    return [{ type: "blockquote", children: content }];
  }
  // An element holding blocks (a wrapper, a list item's own blocks): its blocks.
  if (getLeafText(node) === undefined && children.some(isBlockElement)) return children.flatMap(toBlocks);
  const depth = headingDepths[type];
  if (depth) return [{ type: "heading", depth, children: toPhrasing([node]) }];
  return [toParagraph([node])];
}

function toParagraph(nodes: RichTextNode[]): Paragraph {
  const children = toPhrasing(nodes);
  // Markdown has no empty paragraph: an empty line of the rich text is a no-break space.
  return { type: "paragraph", children: children.length ? children : [{ type: "text", value: "\u00a0" }] };
}

function toList(list: RichTextNode): List {
  const ordered = list.type === "ol";
  return {
    type: "list",
    ordered,
    ...(ordered ? { start: 1 } : {}),
    spread: false,
    children: getChildren(list).map((item): ListItem => {
      const children = getChildren(item);
      const content =
        getLeafText(item) === undefined && children.some(isBlockElement)
          ? groupInline(children).flatMap((group) =>
              Array.isArray(group) ? [toParagraph(group)] : toBlocks(group),
            )
          : [toParagraph([item])];
      return { type: "listItem", spread: false, children: content };
    }),
  };
}

/** Children of a list item: runs of inline nodes (one paragraph each) between its block elements. */
function groupInline(children: RichTextNode[]): (RichTextNode | RichTextNode[])[] {
  const groups: (RichTextNode | RichTextNode[])[] = [];
  for (const child of children) {
    if (isBlockElement(child)) groups.push(child);
    else {
      const last = groups.at(-1);
      if (Array.isArray(last)) last.push(child);
      else groups.push([child]);
    }
  }
  return groups;
}

/** A run of text with its marks and link. */
interface Span {
  text: string;
  url?: string;
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  underline?: boolean;
  code?: boolean;
}

function toSpans(node: RichTextNode, url: string | undefined): Span[] {
  const text = getLeafText(node);
  if (text !== undefined) {
    if (!text) return [];
    return [
      {
        text,
        ...(url ? { url } : {}),
        ...(node.bold === true ? { bold: true } : {}),
        ...(node.italic === true ? { italic: true } : {}),
        ...(node.strikethrough === true ? { strike: true } : {}),
        ...(node.underline === true ? { underline: true } : {}),
        ...(node.code === true ? { code: true } : {}),
      },
    ];
  }
  const link = (node.type === "a" || node.type === "link") && typeof node.url === "string" ? node.url : "";
  return getChildren(node).flatMap((child) => toSpans(child, link || url));
}

// Outermost first: a link holds marks, code is innermost (a code span holds text only).
const wrappers = ["url", "bold", "italic", "strike", "underline", "code"] as const;
type Wrapper = (typeof wrappers)[number];
// Markdown cannot open or close these next to a space: edge spaces of their runs are written outside.
const trimmed = new Set<Wrapper>(["bold", "italic", "strike"]);

function toPhrasing(nodes: RichTextNode[]): PhrasingContent[] {
  return nest(
    nodes.flatMap((node) => toSpans(node, undefined)),
    0,
  );
}

/** Spans as phrasing nodes: neighbouring spans sharing a mark (or link) share one node of it. */
function nest(spans: Span[], level: number): PhrasingContent[] {
  const wrapper = wrappers[level];
  if (!wrapper) return spans.flatMap((span) => toText(span.text));
  const output: PhrasingContent[] = [];
  let index = 0;
  while (index < spans.length) {
    const key = spans[index]?.[wrapper];
    let end = index;
    while (end < spans.length && spans[end]?.[wrapper] === key) end++;
    const run = spans.slice(index, end);
    output.push(...(key ? wrap(wrapper, run, level) : nest(run, level + 1)));
    index = end;
  }
  return output;
}

function wrap(wrapper: Wrapper, run: Span[], level: number): PhrasingContent[] {
  if (wrapper === "code") return run.flatMap((span) => toCode(span.text));
  if (!trimmed.has(wrapper)) return node(wrapper, run, nest(run, level + 1));
  const text = run.map((span) => span.text).join("");
  const leading = text.length - text.trimStart().length;
  const trailing = text.length - text.trimEnd().length;
  if (leading === text.length) return nest(run, level + 1);
  const [before, middle, after] = splitRun(run, leading, text.length - trailing);
  return [
    ...nest(before, level + 1),
    ...node(wrapper, middle, nest(middle, level + 1)),
    ...nest(after, level + 1),
  ];
}

function node(
  wrapper: Exclude<Wrapper, "code">,
  run: Span[],
  children: PhrasingContent[],
): PhrasingContent[] {
  switch (wrapper) {
    case "url":
      return [{ type: "link", url: run[0]?.url ?? "", children }];
    case "bold":
      return [{ type: "strong", children }];
    case "italic":
      return [{ type: "emphasis", children }];
    case "strike":
      return [{ type: "delete", children }];
    case "underline":
      return [{ type: "html", value: "<u>" }, ...children, { type: "html", value: "</u>" }];
  }
}

/** The run cut at two text offsets: before, between and after them. */
function splitRun(run: Span[], from: number, to: number): [Span[], Span[], Span[]] {
  const parts: [Span[], Span[], Span[]] = [[], [], []];
  let offset = 0;
  for (const span of run) {
    const cuts = [from, to].map((cut) => Math.min(Math.max(cut - offset, 0), span.text.length));
    const pieces = [span.text.slice(0, cuts[0]), span.text.slice(cuts[0], cuts[1]), span.text.slice(cuts[1])];
    parts.forEach((part, index) => {
      const piece = pieces[index];
      if (piece) part.push({ ...span, text: piece });
    });
    offset += span.text.length;
  }
  return parts;
}

/** Text with its line breaks as hard breaks. */
function toText(text: string): PhrasingContent[] {
  return text
    .split("\n")
    .flatMap((line, index): PhrasingContent[] => [
      ...(index > 0 ? [{ type: "break" } as const] : []),
      ...(line ? [{ type: "text", value: line } as const] : []),
    ]);
}

/** Code with its line breaks as hard breaks (a code span cannot hold one). */
function toCode(text: string): PhrasingContent[] {
  return text
    .split("\n")
    .flatMap((line, index): PhrasingContent[] => [
      ...(index > 0 ? [{ type: "break" } as const] : []),
      ...(line ? [{ type: "inlineCode", value: line } as const] : []),
    ]);
}
