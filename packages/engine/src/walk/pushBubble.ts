import type { ChatBubble } from "@parley/schemas";
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
    case "text":
      return {
        role: "bot",
        type: "text",
        text:
          bubble.content.type === "markdown"
            ? bubble.content.markdown
            : getRichTextPlainText(bubble.content.richText),
      };
    case "image":
    case "audio":
      return { role: "bot", type: bubble.type, text: bubble.content.url ?? "" };
    case "video":
      return { role: "bot", type: "video", text: bubble.content.url ?? bubble.content.id ?? "" };
    default:
      return undefined;
  }
};
