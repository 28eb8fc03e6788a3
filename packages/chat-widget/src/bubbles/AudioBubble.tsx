import type { AudioBubbleBlock } from "@parley/schemas";
import { sanitizeMediaUrl } from "../rich-text/sanitizeUrl";
import type { BubbleProps } from "./bubbleProps";

/** The bubble kind AudioBubble renders (its definition's wire type), also the type of a voice reply. */
export const audioType: AudioBubbleBlock["type"] = "audio";

/** An audio player, playing at once unless the author turned autoplay off. */
export function AudioBubble({ bubble }: BubbleProps<typeof audioType>) {
  const src = sanitizeMediaUrl(bubble.content.url);
  return (
    <div className="parley-bubble parley-host-bubble parley-audio-bubble" data-testid="host-bubble">
      {src ? (
        // biome-ignore lint/a11y/useMediaCaption: bot authors' audio comes without captions
        <audio src={src} controls autoPlay={bubble.content.isAutoplayEnabled !== false} preload="metadata" />
      ) : null}
    </div>
  );
}
