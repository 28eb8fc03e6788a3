import type { VideoBubbleBlock } from "@parley/schemas";
import { widgetText } from "../widgetTexts";
import type { BubbleProps } from "./bubbleProps";
import { getVideoSource } from "./getVideoSource";

/** The bubble kind VideoBubble renders (its definition's wire type). */
export const videoType: VideoBubbleBlock["type"] = "video";

/** A video file, or the player of the host it comes from (YouTube, Vimeo, TikTok, Gumlet). */
export function VideoBubble({ bubble: { content }, language }: BubbleProps<typeof videoType>) {
  const source = getVideoSource(content);
  if (source.kind === "none") return null;
  const height = typeof content.height === "number" ? content.height : Number(content.height) || undefined;
  const aspectRatio = /^\d+(\.\d+)?\s*\/\s*\d+(\.\d+)?$/.test(content.aspectRatio ?? "")
    ? content.aspectRatio
    : source.kind === "iframe" && source.isPortrait
      ? "9/16"
      : "16/9";
  const style = { aspectRatio, maxHeight: height ? `${height}px` : undefined };
  return (
    <div
      className="parley-bubble parley-host-bubble parley-video-bubble"
      data-testid="host-bubble"
      style={source.kind === "iframe" && source.isPortrait ? { width: "min(100%, 320px)" } : undefined}
    >
      {source.kind === "iframe" ? (
        <iframe
          className="parley-video"
          src={source.src}
          title={widgetText(language, "video")}
          style={style}
          allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <video
          className="parley-video"
          src={source.src}
          style={style}
          controls={content.areControlsDisplayed !== false}
          autoPlay={content.isAutoplayEnabled === true}
          muted={content.isAutoplayEnabled === true}
          playsInline
        />
      )}
    </div>
  );
}
