/**
 * Text with its formatting as a text channel can show it, whatever the source (rich text, markdown):
 * paragraphs and one-line list items made of spans. Each channel writes it in its own syntax
 * (WhatsApp's `*bold*`, Telegram's HTML).
 */

/** A run of text with its marks; with `url` it is (part of) a link. */
export interface FormattedSpan {
  text: string;
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  underline?: boolean;
  code?: boolean;
  url?: string;
}

/** A paragraph (one line; an empty one is a blank line), or a list of one-line items. */
export type FormattedBlock =
  | { type: "paragraph"; spans: FormattedSpan[] }
  | { type: "list"; isOrdered: boolean; start?: number; items: FormattedSpan[][] };

/** The marks a span may carry, in the order channels nest them (outermost first). */
export const formattedMarks = ["bold", "italic", "underline", "strike", "code"] as const;
export type FormattedMark = (typeof formattedMarks)[number];

/** A list item's marker: "1. " (from the list's start) when ordered, else `bullet`. */
export function getListMarker(
  list: Extract<FormattedBlock, { type: "list" }>,
  position: number,
  bullet: string,
): string {
  return list.isOrdered ? `${(list.start ?? 1) + position}. ` : bullet;
}

/** The plain text of formatted blocks: one line each, list items marked "- " or "1. ". */
export function getFormattedPlainText(blocks: FormattedBlock[]): string {
  const spansText = (spans: FormattedSpan[]) => spans.map((span) => span.text).join("");
  return blocks
    .flatMap((block) =>
      block.type === "paragraph"
        ? [spansText(block.spans)]
        : block.items.map((item, position) => `${getListMarker(block, position, "- ")}${spansText(item)}`),
    )
    .join("\n");
}

/** Whether blocks carry anything plain text cannot show (marks, links, lists). */
export function hasFormatting(blocks: FormattedBlock[]): boolean {
  return blocks.some(
    (block) =>
      block.type === "list" ||
      block.spans.some((span) => span.url || formattedMarks.some((mark) => span[mark])),
  );
}
