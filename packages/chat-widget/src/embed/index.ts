// /embed.js (and @parley/js's script-tag build): window.Parley, and widgets configured by the
// script tag's data attributes.
import { createParleyApi } from "./createParleyApi";
import type { ParleyApi } from "./publicTypes";
import { readScriptTagOptions } from "./readScriptTagOptions";

// The viewer that served this file is the chat API host (read while the script runs).
const ownScript = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;
const scriptSrc = ownScript?.src;
const defaultApiHost = scriptSrc ? new URL(scriptSrc).origin : window.location.origin;

/** `window.Parley`: mounts and drives chat widgets on any site. */
const Parley = createParleyApi({ defaultApiHost });

declare global {
  interface Window {
    Parley?: ParleyApi;
  }
}

window.Parley = Parley;

// `<script src=".../embed.js" data-parley-public-id=… data-parley-chat-key=… data-parley-mode=…>`
const fromTag = readScriptTagOptions(ownScript);
if (fromTag) {
  const start = () => {
    if (fromTag.mode === "popup") Parley.initPopup(fromTag.options);
    else if (fromTag.mode === "bubble") Parley.initBubble(fromTag.options);
    else Parley.initStandard(fromTag.options);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
}
