import type { FlowDocument } from "./flowDocument";
import { getBubblePlainText, isInputBlock } from "./flowDocument";

export interface TranscriptEntry {
  role: "bot" | "user";
  blockId: string;
  text: string;
}

/**
 * A readable transcript from the stored answers: before each answer, the text
 * bubbles of its group that precede the input (since the previous input),
 * then the answer. Variables inside bubbles are shown as written
 * (`{{Name}}`); the answers themselves are exactly what was stored.
 */
export function computeTranscript(
  flow: FlowDocument,
  answers: { blockId: string; content: string }[],
): TranscriptEntry[] {
  const groupOfBlock = new Map(
    flow.groups.flatMap((group) => group.blocks.map((block) => [block.id, group] as const)),
  );
  const entries: TranscriptEntry[] = [];
  for (const answer of answers) {
    const group = groupOfBlock.get(answer.blockId);
    if (group) {
      const position = group.blocks.findIndex((block) => block.id === answer.blockId);
      let start = position;
      while (start > 0 && !isInputBlock(group.blocks[start - 1] as (typeof group.blocks)[number])) start--;
      for (const block of group.blocks.slice(start, position)) {
        const text = getBubblePlainText(block);
        if (text) entries.push({ role: "bot", blockId: block.id, text });
      }
    }
    entries.push({ role: "user", blockId: answer.blockId, text: answer.content });
  }
  return entries;
}
