import type { FormattedBlock, FormattedSpan } from "@parley/schemas";

/** What a channel makes of blocks: its text, and its length as the platform counts it against a limit. */
export type FormattedTextWriter = (blocks: FormattedBlock[]) => { text: string; length: number };

/**
 * Blocks written by `write`, their text cut (ending with "…") until the written form fits `limit`.
 * The cut is made in the blocks, before writing, so no tag, entity or mark pair is ever cut in two.
 */
export function fitFormattedText(
  blocks: FormattedBlock[],
  limit: number,
  write: FormattedTextWriter,
): string {
  const written = write(blocks);
  if (written.length <= limit) return written.text;
  let budget = Math.min(getTextLength(blocks), limit) - 1;
  for (;;) {
    const cut = write(cutBlocks(blocks, budget));
    if (cut.length <= limit || budget <= 0) return cut.text;
    budget -= Math.max(1, cut.length - limit);
  }
}

const getTextLength = (blocks: FormattedBlock[]) =>
  blocks.reduce(
    (total, block) =>
      total +
      (block.type === "paragraph" ? [block.spans] : block.items)
        .flat()
        .reduce((sum, span) => sum + span.text.length, 0),
    0,
  );

/** The first `budget` characters of the blocks' spans, then "…"; later blocks, items and spans dropped. */
function cutBlocks(blocks: FormattedBlock[], budget: number): FormattedBlock[] {
  let left = Math.max(0, budget);
  const cutSpans = (spans: FormattedSpan[]): { spans: FormattedSpan[]; isCut: boolean } => {
    const kept: FormattedSpan[] = [];
    for (const span of spans) {
      if (span.text.length <= left) {
        kept.push(span);
        left -= span.text.length;
        continue;
      }
      const head = span.text.slice(0, left).trimEnd();
      if (head) kept.push({ ...span, text: head });
      kept.push({ text: "…" });
      left = 0;
      return { spans: kept, isCut: true };
    }
    return { spans: kept, isCut: false };
  };
  const out: FormattedBlock[] = [];
  for (const block of blocks) {
    if (block.type === "paragraph") {
      const { spans, isCut } = cutSpans(block.spans);
      out.push({ type: "paragraph", spans });
      if (isCut) return out;
      continue;
    }
    const items: FormattedSpan[][] = [];
    for (const item of block.items) {
      const { spans, isCut } = cutSpans(item);
      items.push(spans);
      if (isCut) {
        out.push({ ...block, items });
        return out;
      }
    }
    out.push({ ...block, items });
  }
  return out;
}
