import type { TextBubbleBlock } from "@parley/schemas";
import { Markdown } from "../rich-text/Markdown";
import { RichText } from "../rich-text/RichText";
import type { BubbleProps } from "./bubbleProps";

/** The bubble kind TextBubble renders (its definition's wire type), also the type of a typed reply. */
export const textType: TextBubbleBlock["type"] = "text";

/** A text message, as rich text or markdown (the format the client asked for). */
export function TextBubble({ bubble }: BubbleProps<typeof textType>) {
  return (
    <div className="parley-bubble parley-host-bubble parley-text" data-testid="host-bubble">
      {bubble.content.type === "markdown" ? (
        <Markdown source={bubble.content.markdown} />
      ) : (
        <RichText nodes={bubble.content.richText} />
      )}
    </div>
  );
}
