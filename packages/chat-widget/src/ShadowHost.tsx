import { type CSSProperties, type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";

/**
 * Renders its children inside an open shadow root, so neither the host page's CSS reaches
 * the widget nor the widget's (and the bot's custom) CSS reaches the page.
 */
export function ShadowHost({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  const host = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useLayoutEffect(() => {
    const element = host.current;
    if (element) setRoot(element.shadowRoot ?? element.attachShadow({ mode: "open" }));
  }, []);
  return (
    <div ref={host} data-parley-host="" style={{ display: "block", width: "100%", height: "100%", ...style }}>
      {root ? createPortal(children, root) : null}
    </div>
  );
}
