import { type FormattedBlock, type FormattedSpan, getListMarker } from "@parley/schemas";
import escapeHtml from "escape-html";

const tags = [
  ["bold", "b"],
  ["italic", "i"],
  ["underline", "u"],
  ["strike", "s"],
  ["code", "code"],
] as const;

// Addresses Telegram opens from a link; another scheme is written out as text.
const linkSchemes = /^(https?:|mailto:|tel:)/i;

/**
 * Formatted blocks as Telegram's HTML (`parse_mode: "HTML"`): <b>, <i>, <u>, <s>, <code>, links as
 * <a href> (http, https, mailto, tel; other addresses as "text (URL)"), text escaped, lists as
 * "• " / "1. " lines, one line a paragraph. `toTelegramPlainText` is what Telegram shows of it, whose
 * length its limits count.
 */
export function toTelegramHtml(blocks: FormattedBlock[]): string {
  return writeBlocks(blocks, writeHtmlLine);
}

/** The text Telegram shows for `toTelegramHtml(blocks)`. */
export function toTelegramPlainText(blocks: FormattedBlock[]): string {
  return writeBlocks(blocks, (spans) =>
    groupLinks(spans)
      .map(({ url, spans: parts }) => {
        const text = parts.map((part) => part.text).join("");
        return url && !linkSchemes.test(url) ? withAddress(text, url) : text;
      })
      .join(""),
  );
}

function writeBlocks(blocks: FormattedBlock[], writeLine: (spans: FormattedSpan[]) => string): string {
  return blocks
    .flatMap((block) =>
      block.type === "paragraph"
        ? [writeLine(block.spans)]
        : block.items.map((item, position) => `${getListMarker(block, position, "• ")}${writeLine(item)}`),
    )
    .join("\n");
}

function writeHtmlLine(spans: FormattedSpan[]): string {
  return groupLinks(spans)
    .map(({ url, spans: parts }) => {
      const html = parts.map(writeHtmlSpan).join("");
      if (!url) return html;
      if (!linkSchemes.test(url)) return withAddress(html, escapeHtml(url));
      return `<a href="${escapeHtml(url)}">${html}</a>`;
    })
    .join("");
}

const withAddress = (text: string, url: string) =>
  text.trim() === "" || text.trim() === url ? url : `${text} (${url})`;

function writeHtmlSpan(span: FormattedSpan): string {
  return tags.reduceRight(
    (inner, [mark, tag]) => (span[mark] ? `<${tag}>${inner}</${tag}>` : inner),
    escapeHtml(span.text),
  );
}

/** Neighbouring spans of one link together (a link may hold several marks). */
function groupLinks(spans: FormattedSpan[]): { url?: string; spans: FormattedSpan[] }[] {
  const groups: { url?: string; spans: FormattedSpan[] }[] = [];
  for (const span of spans) {
    const last = groups.at(-1);
    if (last && span.url && last.url === span.url) last.spans.push(span);
    else groups.push({ ...(span.url ? { url: span.url } : {}), spans: [span] });
  }
  return groups;
}
