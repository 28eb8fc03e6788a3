import type { ChatBubble } from "@parley/schemas";
import { useEffect, useRef } from "react";
import { runScriptInPage, stringifyScriptResult } from "../actions/runScript";
import { sanitizeMediaUrl } from "../rich-text/sanitizeUrl";
import { widgetText } from "../widgetTexts";
import type { BubbleProps } from "./bubbleProps";

/** The bubble a plug-in sends at runtime; no block kind declares it. */
export const customEmbedType = "custom-embed" satisfies ChatBubble["type"];

/**
 * A plug-in's widget (e.g. a booking calendar): its init function draws into the bubble's
 * element (`parleyElement`), its wait function resolves with the data to send back. In the
 * builder preview plug-in code does not run in the builder page: the URL is shown instead.
 */
export function CustomEmbedBubble({
  bubble: { content },
  isAwaitingReply,
  isPreview,
  onReply,
  language,
}: BubbleProps<typeof customEmbedType>) {
  const element = useRef<HTMLDivElement>(null);
  const src = sanitizeMediaUrl(content.url);

  useEffect(() => {
    if (isPreview || !element.current) return;
    const args = Object.entries({ ...content.initFunction.args, parleyElement: element.current }).map(
      ([id, value]) => ({
        id,
        value,
      }),
    );
    runScriptInPage(content.initFunction.content, args).catch((error) =>
      console.error("[parley] embed failed:", error),
    );
  }, [content.initFunction, isPreview]);

  useEffect(() => {
    const waitFunction = content.waitForEventFunction;
    if (!isAwaitingReply || !waitFunction || isPreview) return;
    let isActive = true;
    const args = Object.entries(waitFunction.args).map(([id, value]) => ({ id, value }));
    runScriptInPage(waitFunction.content, args)
      .then((value) => isActive && onReply(stringifyScriptResult(value)))
      .catch((error) => console.error("[parley] embed failed:", error));
    return () => {
      isActive = false;
    };
  }, [content.waitForEventFunction, isAwaitingReply, isPreview, onReply]);

  return (
    <div className="parley-bubble parley-host-bubble parley-embed-bubble" data-testid="host-bubble">
      {isPreview && src ? (
        <iframe src={src} title={widgetText(language, "embed")} style={{ height: "400px" }} />
      ) : (
        <div ref={element} />
      )}
    </div>
  );
}
