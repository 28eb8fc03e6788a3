import {
  audioBubbleBlock,
  type ChatBubble,
  imageBubbleBlock,
  textBubbleBlock,
  videoBubbleBlock,
} from "@parley/schemas";
import { getRichTextPlainText } from "../rich-text/getRichTextPlainText";
import type { TranscriptEntry } from "../types/state";
import type { TurnContext } from "./TurnContext";

/** Shows a bubble; later client actions run after it. */
export const pushBubble = (ctx: TurnContext, bubble: ChatBubble, blockId: string): void => {
  ctx.messages.push(bubble);
  ctx.lastBubbleBlockId = blockId;
  const entry = getTranscriptEntry(bubble);
  if (entry) ctx.state.transcript?.push(entry);
};

const getTranscriptEntry = (bubble: ChatBubble): TranscriptEntry | undefined => {
  switch (bubble.type) {
    case textBubbleBlock.type:
      return {
        role: "bot",
        type: bubble.type,
        text: `${
          bubble.content.type === "markdown"
            ? bubble.content.markdown
            : getRichTextPlainText(bubble.content.richText)
        }${formatTranscriptSources(bubble.sources)}`,
      };
    case imageBubbleBlock.type:
    case audioBubbleBlock.type:
      return { role: "bot", type: bubble.type, text: bubble.content.url ?? "" };
    case videoBubbleBlock.type:
      return { role: "bot", type: bubble.type, text: bubble.content.url ?? bubble.content.id ?? "" };
    default:
      return undefined;
  }
};

/** An AI agent's sources after its answer in the transcript: "\n\nSources: 1. Returns policy; 2. Shipping". */
export const formatTranscriptSources = (sources: readonly { name: string }[] | undefined): string =>
  sources?.length
    ? `\n\nSources: ${sources.map((source, index) => `${index + 1}. ${source.name}`).join("; ")}`
    : "";
