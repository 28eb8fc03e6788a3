import type { EmbedBubbleBlock } from "@parley/schemas";
import { useEffect, useRef } from "react";
import { sanitizeMediaUrl } from "../rich-text/sanitizeUrl";
import { widgetText } from "../widgetTexts";
import type { BubbleProps } from "./bubbleProps";

/** The bubble kind EmbedBubble renders (its definition's wire type). */
export const embedType: EmbedBubbleBlock["type"] = "embed";

/**
 * An embedded page. With `waitForEvent`, the flow waits until the embedded page posts a
 * message `{name, data}` (window.parent.postMessage) with the configured name; its data
 * becomes the next message.
 */
export function EmbedBubble({
  bubble: { content },
  isAwaitingReply,
  onReply,
  language,
}: BubbleProps<typeof embedType>) {
  const frame = useRef<HTMLIFrameElement>(null);
  const src = sanitizeMediaUrl(content.url);
  const eventName = content.waitForEvent?.isEnabled ? content.waitForEvent.name : undefined;

  useEffect(() => {
    if (!isAwaitingReply || !eventName || !src) return;
    const frameOrigin = new URL(src, window.location.href).origin;
    const onMessage = (event: MessageEvent) => {
      const isFromFrame = event.source === frame.current?.contentWindow || event.origin === frameOrigin;
      const data: unknown = event.data;
      if (!isFromFrame || typeof data !== "object" || data === null) return;
      if (!("name" in data) || data.name !== eventName) return;
      const sent = "data" in data ? data.data : undefined;
      onReply(typeof sent === "string" ? sent : JSON.stringify(sent ?? null));
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [isAwaitingReply, eventName, src, onReply]);

  if (!src) return null;
  const height = typeof content.height === "number" ? content.height : Number(content.height) || 400;
  return (
    <div className="parley-bubble parley-host-bubble parley-embed-bubble" data-testid="host-bubble">
      <iframe
        ref={frame}
        src={src}
        title={widgetText(language, "embed")}
        style={{ height: `${Math.min(Math.max(height, 50), 2000)}px` }}
        allow="clipboard-write; encrypted-media; fullscreen; payment"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}
