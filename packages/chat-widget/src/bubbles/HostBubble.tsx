import type { ChatBubble } from "@parley/schemas";
import type { ComponentType } from "react";
import { bubbleComponents } from "./bubbleComponents";
import type { BubbleProps } from "./bubbleProps";
import { TypingIndicator } from "./TypingIndicator";

type HostBubbleProps = BubbleProps<ChatBubble["type"]> & { isTyping: boolean };

/** One bot message, drawn by the component of its kind; the typing dots while it is being "typed". */
export function HostBubble({ isTyping, ...props }: HostBubbleProps) {
  if (isTyping)
    return (
      <div className="parley-bubble parley-host-bubble">
        <TypingIndicator />
      </div>
    );
  // The registry's type pairs each kind with its component; one lookup cannot carry that pairing.
  const Component = bubbleComponents[props.bubble.type] as ComponentType<BubbleProps<ChatBubble["type"]>>;
  return <Component {...props} />;
}
