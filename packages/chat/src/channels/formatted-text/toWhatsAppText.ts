import { type FormattedBlock, type FormattedSpan, getListMarker } from "@parley/schemas";

// WhatsApp's marks; it has no underline. Monospace (```) is the one every client shows.
const markers = [
  ["bold", "*"],
  ["italic", "_"],
  ["strike", "~"],
  ["code", "```"],
] as const;

/**
 * Formatted blocks in WhatsApp's syntax: `*bold*`, `_italic_`, `~strike~`, ```code```, links as
 * "text (URL)" (the URL alone when it is the text), lists as "- " / "1. " lines, one line a paragraph.
 * With `isAuthored` (text written in an editor, where these characters are literal), a `*`, `_`, `~`
 * or `` ` `` that WhatsApp would read as the start of a mark is followed by a zero-width space.
 */
export function toWhatsAppText(blocks: FormattedBlock[], options: { isAuthored: boolean }): string {
  const writeSpans = (spans: FormattedSpan[]) => writeLine(spans, options.isAuthored);
  return blocks
    .flatMap((block) =>
      block.type === "paragraph"
        ? [writeSpans(block.spans)]
        : block.items.map((item, position) => `${getListMarker(block, position, "- ")}${writeSpans(item)}`),
    )
    .join("\n");
}

function writeLine(spans: FormattedSpan[], isAuthored: boolean): string {
  let line = "";
  for (let index = 0; index < spans.length; index += 1) {
    const span = spans[index] as FormattedSpan;
    if (!span.url) {
      line += writeSpan(span, isAuthored);
      continue;
    }
    // A link's spans together, then its address once.
    const link: FormattedSpan[] = [span];
    while (spans[index + 1]?.url === span.url) link.push(spans[++index] as FormattedSpan);
    const text = link.map((part) => part.text).join("");
    line +=
      text.trim() === "" || text.trim() === span.url
        ? span.url
        : `${link.map((part) => writeSpan(part, isAuthored)).join("")} (${span.url})`;
  }
  return line;
}

function writeSpan(span: FormattedSpan, isAuthored: boolean): string {
  const text = isAuthored ? span.text.replace(/(^|[\s([{"'])([*_~`])(?=\S)/g, "$1$2\u200b") : span.text;
  const [, leading = "", core = "", trailing = ""] = text.match(/^(\s*)([\s\S]*?)(\s*)$/) ?? [];
  if (!core) return text;
  // A mark must hug its text: spaces stay outside it.
  const marked = markers.reduceRight(
    (inner, [mark, marker]) => (span[mark] ? `${marker}${inner}${marker}` : inner),
    core,
  );
  return `${leading}${marked}${trailing}`;
}
