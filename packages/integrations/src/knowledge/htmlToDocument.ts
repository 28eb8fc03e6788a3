import { compile, type FormatCallback } from "html-to-text";

/** A heading as a Markdown heading line, so chunkText cuts the page by its headings. */
const markdownHeading: FormatCallback = (element, walk, builder, formatOptions) => {
  const level = Number(formatOptions.level ?? 1);
  builder.openBlock({ leadingLineBreaks: 2 });
  builder.addLiteral(`${"#".repeat(level)} `);
  walk(element.children, builder);
  builder.closeBlock({ trailingLineBreaks: 2 });
};

const headingSelectors = [1, 2, 3, 4, 5, 6].map((level) => ({
  selector: `h${level}`,
  format: "markdownHeading",
  options: { level },
}));

/** Parts of a page that are not its content. */
const skipped = ["script", "style", "noscript", "template", "svg", "nav", "img", "iframe", "form", "button"];

const convert = compile({
  wordwrap: false,
  formatters: { markdownHeading },
  selectors: [
    ...headingSelectors,
    ...skipped.map((selector) => ({ selector, format: "skip" })),
    { selector: "a", options: { ignoreHref: true } },
  ],
});

/**
 * An HTML page as plain text whose headings are Markdown heading lines (`## Returns`) and whose paragraphs are
 * separated by blank lines: the form chunkText cuts by headings and paragraphs. Scripts, styles, navigation and
 * images are left out; links keep their text only.
 */
export function htmlToDocument(html: string): string {
  return convert(html).trim();
}
