import type { ImageBubbleBlock } from "@parley/schemas";
import { useState } from "react";
import { sanitizeImageUrl, sanitizeUrl } from "../rich-text/sanitizeUrl";
import { widgetText } from "../widgetTexts";
import type { BubbleProps } from "./bubbleProps";

/** The bubble kind ImageBubble renders (its definition's wire type). */
export const imageType: ImageBubbleBlock["type"] = "image";

/** An image, a link when the author set one; a placeholder keeps its place while it loads. */
export function ImageBubble({ bubble, language }: BubbleProps<typeof imageType>) {
  const { url, clickLink } = bubble.content;
  const [isLoaded, setIsLoaded] = useState(false);
  const src = sanitizeImageUrl(url);
  const href = sanitizeUrl(clickLink?.url);
  if (!src) return null;
  const image = (
    <img
      src={src}
      alt={clickLink?.alt ?? widgetText(language, "image")}
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
