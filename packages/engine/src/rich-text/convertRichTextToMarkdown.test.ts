import type { RichTextNode } from "@parley/schemas";
import { decodeHTMLStrict } from "entities";
import { Lexer, type Token, type Tokens } from "marked";
import type { Nodes, PhrasingContent, RootContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmStrikethroughFromMarkdown } from "mdast-util-gfm-strikethrough";
import { gfmStrikethrough } from "micromark-extension-gfm-strikethrough";
import { describe, expect, it } from "vitest";
import { convertRichTextToMarkdown } from "./convertRichTextToMarkdown";
import { getChildren } from "./richTextNodes";

/**
 * What a reader of the Markdown gets: its blocks (kind and text), each character with its marks.
 * Bold, italic and strike-through on a space are not compared (they do not show, and Markdown writes
 * them outside the mark); a line break carries no mark.
 */
interface Block {
  kind: string;
  text: string;
  marks: string[];
}

type Marks = {
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  underline?: boolean;
  code?: boolean;
  url?: string;
};

const describeMarks = (char: string, marks: Marks): string => {
  if (char === "\n") return "";
  const shown = /\s/.test(char) ? { ...marks, bold: false, italic: false, strike: false } : marks;
  return [
    shown.bold && "bold",
    shown.italic && "italic",
    shown.strike && "strike",
    shown.underline && "underline",
    shown.code && "code",
    shown.url && `url=${shown.url}`,
  ]
    .filter(Boolean)
    .join(" ");
};

class BlockWriter {
  blocks: Block[] = [];
  open(kind: string) {
    this.blocks.push({ kind, text: "", marks: [] });
  }
  write(text: string, marks: Marks) {
    const block = this.blocks.at(-1);
    if (!block) throw new Error("text outside a block");
    for (const char of text) {
      block.text += char;
      block.marks.push(describeMarks(char, marks));
    }
  }
}

// ---- The rich text, read directly ------------------------------------------------------------

function readRichText(nodes: RichTextNode[]): Block[] {
  const writer = new BlockWriter();
  const inline = (node: RichTextNode, url?: string) => {
    if (typeof node.text === "string") {
      writer.write(node.text, {
        bold: node.bold === true,
        italic: node.italic === true,
        strike: node.strikethrough === true,
        underline: node.underline === true,
        code: node.code === true,
        url,
      });
      return;
    }
    const link = node.type === "a" && typeof node.url === "string" && node.url ? node.url : url;
    for (const child of getChildren(node)) inline(child, link);
  };
  const line = (kind: string, node: RichTextNode) => {
    writer.open(kind);
    inline(node);
    const block = writer.blocks.at(-1);
    // An empty line is written as a paragraph of one no-break space.
    if (block && !block.text) writer.write("\u00a0", {});
  };
  for (const node of nodes) {
    if (node.type === "ul" || node.type === "ol")
      for (const item of getChildren(node)) line(`${node.type}>li`, item);
    else if (node.type === "blockquote") line("quote>p", node);
    else line(typeof node.type === "string" && /^h[1-6]$/.test(node.type) ? node.type : "p", node);
  }
  return writer.blocks;
}

// ---- The Markdown, read by mdast-util-from-markdown (CommonMark + GFM strike-through) ------------

function readWithMdast(markdown: string): Block[] {
  const tree = fromMarkdown(markdown, {
    extensions: [gfmStrikethrough()],
    mdastExtensions: [gfmStrikethroughFromMarkdown()],
  });
  const writer = new BlockWriter();
  let underline = false;
  const phrasing = (nodes: PhrasingContent[], marks: Marks) => {
    for (const node of nodes) {
      const current = { ...marks, underline };
      switch (node.type) {
        case "text":
          writer.write(node.value, current);
          break;
        case "break":
          writer.write("\n", current);
          break;
        case "inlineCode":
          writer.write(node.value, { ...current, code: true });
          break;
        case "strong":
          phrasing(node.children, { ...marks, bold: true });
          break;
        case "emphasis":
          phrasing(node.children, { ...marks, italic: true });
          break;
        case "delete":
          phrasing(node.children, { ...marks, strike: true });
          break;
        case "link":
          phrasing(node.children, { ...marks, url: node.url });
          break;
        case "html":
          if (node.value === "<u>" || node.value === "</u>") underline = node.value === "<u>";
          else throw new Error(`text read as HTML: ${node.value}`);
          break;
        default:
          throw new Error(`text read as ${node.type}`);
      }
    }
  };
  const block = (node: RootContent | Nodes, kind: string) => {
    switch (node.type) {
      case "paragraph":
        writer.open(kind);
        phrasing(node.children, {});
        break;
      case "heading":
        writer.open(`h${node.depth}`);
        phrasing(node.children, {});
        break;
      case "blockquote":
        for (const child of node.children) block(child, "quote>p");
        break;
      case "list":
        for (const item of node.children) block(item, `${node.ordered ? "ol" : "ul"}>li`);
        break;
      case "listItem":
        for (const child of node.children) block(child, kind);
        break;
      default:
        throw new Error(`text read as ${node.type}`);
    }
  };
  for (const node of tree.children) block(node, "p");
  return writer.blocks;
}

// ---- The Markdown, read by the `marked` lexer with the chat widget's options (GFM, line breaks) ----

function readWithMarked(markdown: string): Block[] {
  const writer = new BlockWriter();
  let underline = false;
  const inline = (tokens: readonly Token[], marks: Marks) => {
    for (const token of tokens as Tokens.Generic[]) {
      const current = { ...marks, underline };
      switch (token.type) {
        case "text":
          if (token.tokens) inline(token.tokens, marks);
          else writer.write(decodeHTMLStrict(token.text), current);
          break;
        case "escape":
          writer.write(token.text, current);
          break;
        case "br":
          writer.write("\n", current);
          break;
        case "codespan":
          writer.write(decodeHTMLStrict(token.text), { ...current, code: true });
          break;
        case "strong":
          inline(token.tokens ?? [], { ...marks, bold: true });
          break;
        case "em":
          inline(token.tokens ?? [], { ...marks, italic: true });
          break;
        case "del":
          inline(token.tokens ?? [], { ...marks, strike: true });
          break;
        case "link":
          inline(token.tokens ?? [], { ...marks, url: token.href });
          break;
        case "html":
          if (token.raw === "<u>" || token.raw === "</u>") underline = token.raw === "<u>";
          else throw new Error(`text read as HTML: ${token.raw}`);
          break;
        default:
          throw new Error(`text read as ${token.type}`);
      }
    }
  };
  const block = (token: Tokens.Generic, kind: string) => {
    switch (token.type) {
      case "paragraph":
      case "text":
        writer.open(kind);
        inline(token.tokens ?? [], {});
        break;
      case "heading":
        writer.open(`h${token.depth}`);
        inline(token.tokens ?? [], {});
        break;
      case "blockquote":
        for (const child of token.tokens ?? []) block(child as Tokens.Generic, "quote>p");
        break;
      case "list":
        for (const item of (token as Tokens.List).items)
          for (const child of item.tokens)
            block(child as Tokens.Generic, `${token.ordered ? "ol" : "ul"}>li`);
        break;
      case "space":
        break;
      default:
        throw new Error(`text read as ${token.type}`);
    }
  };
  for (const token of new Lexer({ gfm: true, breaks: true }).lex(markdown))
    block(token as Tokens.Generic, "p");
  return writer.blocks;
}

// ---- The corpus ---------------------------------------------------------------------------------

const paragraph = (...children: RichTextNode[]): RichTextNode => ({ type: "p", children });

/** Texts a person may type that Markdown would read as syntax. */
const punctuation = [
  "2*3*4",
  "1. not a list",
  "1) not a list either",
  "10. still not a list",
  "# not a heading",
  "###### nor this",
  "#hashtag and C# and 50 # signs",
  "_x_ and *y* and __z__ and **w**",
  "snake_case_name and x*y*z",
  "[a](b) and [ref] and ![img](pic.png)",
  "[ref]: /url",
  "`code` and `` double `` and ```",
  "```js",
  "~~~",
  "> not a quote",
  ">> nor this",
  "+ not a list",
  "- not a list",
  "* not a list",
  "+",
  "-",
  "*",
  "---",
  "***",
  "___",
  "===",
  "a | b | c",
  "|",
  "\\",
  "back\\slash\\ and C:\\path\\to and \\*",
  "<b>bold?</b> <u>not underlined</u> <script>alert(1)</script>",
  "<ab:cd> and <!-- comment --> and <div>",
  "&amp; &copy; &#42; &#x2A; &bogus;",
  "~~not struck~~ and ~not either~",
  "emoji 😀 👍🏽 👨‍👩‍👧 and ünïcødé",
  "trailing spaces   ",
  "   leading spaces",
  "tab\tinside",
  "    four spaces: not code",
  "100% *sure*? $5 & 10% off! {x} (y) [z]",
  "end with a backslash\\",
  "!important",
  "a_b_c*d*e",
  "**",
  "__",
  "~",
  "<",
  ">",
  "&",
  "[",
  "]",
  "(",
  ")",
];

const cases: { name: string; richText: RichTextNode[] }[] = [
  ...punctuation.map((text) => ({ name: JSON.stringify(text), richText: [paragraph({ text })] })),
  {
    name: "every punctuation text, one paragraph each",
    richText: punctuation.map((text) => paragraph({ text })),
  },
  {
    name: "line breaks before Markdown syntax",
    richText: [
      paragraph({ text: "a\n1. b\n# c\n> d\n- e\n+ f\n===\n---\na | b\n-|-\n:-:\n| x |\n    g\n```\nh" }),
    ],
  },
  {
    name: "two trailing spaces before a line break",
    richText: [paragraph({ text: "a  \nb\\\nc" })],
  },
  {
    name: "intraword emphasis",
    richText: [paragraph({ text: "2" }, { text: "3", italic: true }, { text: "4" })],
  },
  {
    name: "marks next to spaces and punctuation",
    richText: [
      paragraph(
        { text: "Hello " },
        { text: "Ada ", bold: true },
        { text: " and ", italic: true },
        { text: "*", bold: true },
        { text: "_under_", italic: true },
        { text: "~~", strikethrough: true },
        { text: "(" },
        { text: "x", bold: true },
        { text: ")" },
      ),
    ],
  },
  {
    name: "adjacent and nested marks",
    richText: [
      paragraph(
        { text: "a", bold: true },
        { text: "b", italic: true },
        { text: "c", bold: true, italic: true },
        { text: "d", bold: true, italic: true, strikethrough: true, underline: true },
        { text: "e", underline: true },
        { text: "f", bold: true, code: true },
        { text: "g" },
      ),
    ],
  },
  {
    name: "code holding backticks, spaces and Markdown",
    richText: [
      paragraph(
        { text: "a`b", code: true },
        { text: " then " },
        { text: "``", code: true },
        { text: " then " },
        { text: " x ", code: true },
        { text: " then " },
        { text: "**not bold** <b>", code: true },
      ),
    ],
  },
  {
    name: "underline around punctuation and HTML-like text",
    richText: [
      paragraph({ text: "<u>", underline: true }, { text: " & " }, { text: "a*b", underline: true }),
    ],
  },
  {
    name: "links with brackets and parentheses",
    richText: [
      paragraph(
        { text: "see " },
        {
          type: "a",
          url: "https://x.test/a_(b)?q=*&r=<1>",
          children: [{ text: "a]b(c " }, { text: "bold", bold: true }],
        },
        { text: " and " },
        { type: "a", url: "https://x.test/path with space", children: [{ text: "[x]" }] },
      ),
    ],
  },
  {
    name: "empty paragraphs",
    richText: [
      paragraph({ text: "a" }),
      paragraph({ text: "" }),
      paragraph({ text: "" }),
      paragraph({ text: "b" }),
    ],
  },
  {
    name: "headings, quotes and lists holding Markdown-like text",
    richText: [
      { type: "h1", children: [{ text: "1. # *title*" }] },
      { type: "h2", children: [{ text: "Sub", italic: true }] },
      { type: "blockquote", children: [{ text: "> quoted - " }, { text: "bold", bold: true }] },
      {
        type: "ul",
        children: [
          { type: "li", children: [{ text: "1. first" }] },
          { type: "li", children: [{ type: "lic", children: [{ text: "- second", bold: true }] }] },
        ],
      },
      {
        type: "ol",
        children: [
          { type: "li", children: [{ text: "# one" }] },
          { type: "li", children: [{ text: "+ two" }] },
        ],
      },
      paragraph({ text: "after" }),
    ],
  },
];

describe("convertRichTextToMarkdown", () => {
  it.each(cases)("round-trips $name through a CommonMark reader", ({ richText }) => {
    const markdown = convertRichTextToMarkdown(richText);
    expect(readWithMdast(markdown), markdown).toEqual(readRichText(richText));
  });

  it.each(cases)("round-trips $name through the chat widget's reader", ({ richText }) => {
    const markdown = convertRichTextToMarkdown(richText);
    expect(readWithMarked(markdown), markdown).toEqual(readRichText(richText));
  });

  it("escapes only what would be syntax, and writes marks as Markdown readers expect", () => {
    expect(convertRichTextToMarkdown([paragraph({ text: "2*3*4" })])).toBe("2\\*3\\*4");
    expect(convertRichTextToMarkdown([paragraph({ text: "1. not a list" })])).toBe("1\\. not a list");
    expect(
      convertRichTextToMarkdown([paragraph({ text: "Bye Ada, see you at 5. Write to a@x.test!" })]),
    ).toBe("Bye Ada, see you at 5. Write to a@x.test!");
    expect(
      convertRichTextToMarkdown([
        paragraph(
          { text: "Hello " },
          { text: "Ada", bold: true },
          { text: ", " },
          { text: "welcome", italic: true },
          { text: " " },
          { text: "old", strikethrough: true },
          { text: " " },
          { text: "x = 1", code: true },
          { text: " " },
          { text: "here", underline: true },
          { text: " " },
          { type: "a", url: "https://x.test", children: [{ text: "site" }] },
        ),
        paragraph({ text: "second line\nthird line" }),
      ]),
    ).toBe(
      "Hello **Ada**, *welcome* ~~old~~ `x = 1` <u>here</u> [site](https://x.test)\n\nsecond line\\\nthird line",
    );
  });
});
