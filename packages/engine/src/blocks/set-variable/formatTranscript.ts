import { textBubbleBlock } from "@parley/schemas";
import type { TranscriptEntry } from "../../types/state";

/** The conversation so far as text: `Assistant: …` / `User: …` paragraphs, media as `[image] url`. */
export const formatTranscript = (entries: TranscriptEntry[]): string =>
  entries
    .map((entry) => {
      const speaker = entry.role === "bot" ? "Assistant" : "User";
      const text = entry.type === textBubbleBlock.type ? entry.text : `[${entry.type}] ${entry.text}`;
      return `${speaker}: ${text}`;
    })
    .join("\n\n");
