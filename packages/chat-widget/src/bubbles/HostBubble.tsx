import type { ChatBubble } from "@parley/schemas";
import { useState } from "react";
import { Markdown } from "../rich-text/Markdown";
import { RichText } from "../rich-text/RichText";
import { sanitizeImageUrl, sanitizeMediaUrl, sanitizeUrl } from "../rich-text/sanitizeUrl";
import { CustomEmbedBubble } from "./CustomEmbedBubble";
import { EmbedBubble } from "./EmbedBubble";
import { TypingIndicator } from "./TypingIndicator";
import { VideoBubble } from "./VideoBubble";

interface HostBubbleProps {
  bubble: ChatBubble;
  isTyping: boolean;
  /** This bubble ends the latest turn and the flow waits on it (embed events). */
  isAwaitingReply: boolean;
  isPreview: boolean;
  onReply: (text: string) => void;
}

/** One bot message: text, image, video, audio, embed or a plug-in's custom embed. */
export function HostBubble({ bubble, isTyping, isAwaitingReply, isPreview, onReply }: HostBubbleProps) {
  if (isTyping)
    return (
      <div className="parley-bubble parley-host-bubble">
        <TypingIndicator />
      </div>
    );
  switch (bubble.type) {
    case "text":
      return (
        <div className="parley-bubble parley-host-bubble parley-text" data-testid="host-bubble">
          {bubble.content.type === "markdown" ? (
            <Markdown source={bubble.content.markdown} />
          ) : (
            <RichText nodes={bubble.content.richText} />
          )}
        </div>
      );
    case "image":
      return <ImageBubble url={bubble.content.url} clickLink={bubble.content.clickLink} />;
    case "video":
      return <VideoBubble content={bubble.content} />;
    case "audio": {
      const src = sanitizeMediaUrl(bubble.content.url);
      return (
        <div className="parley-bubble parley-host-bubble parley-audio-bubble" data-testid="host-bubble">
          {src ? (
            // biome-ignore lint/a11y/useMediaCaption: bot authors' audio comes without captions
            <audio
              src={src}
              controls
              autoPlay={bubble.content.isAutoplayEnabled !== false}
              preload="metadata"
            />
          ) : null}
        </div>
      );
    }
    case "embed":
      return <EmbedBubble content={bubble.content} isAwaitingReply={isAwaitingReply} onReply={onReply} />;
    case "custom-embed":
      return (
        <CustomEmbedBubble
          content={bubble.content}
          isAwaitingReply={isAwaitingReply}
          isPreview={isPreview}
          onReply={onReply}
        />
      );
  }
}

function ImageBubble({ url, clickLink }: { url?: string; clickLink?: { url?: string; alt?: string } }) {
  const [isLoaded, setIsLoaded] = useState(false);
  const src = sanitizeImageUrl(url);
  const href = sanitizeUrl(clickLink?.url);
  if (!src) return null;
  const image = (
    <img
      src={src}
      alt={clickLink?.alt ?? "Bubble image"}
      onLoad={() => setIsLoaded(true)}
      onError={() => setIsLoaded(true)}
      style={isLoaded ? undefined : { position: "absolute", opacity: 0 }}
    />
  );
  return (
    <div className="parley-bubble parley-host-bubble parley-media-bubble" data-testid="host-bubble">
      {isLoaded ? null : <div className="parley-image-placeholder" aria-hidden="true" />}
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {image}
        </a>
      ) : (
        image
      )}
    </div>
  );
}
