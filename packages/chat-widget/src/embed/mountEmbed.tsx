import { createRoot, type Root } from "react-dom/client";
import { BubbleEmbed } from "./BubbleEmbed";
import { EmbedChat } from "./EmbedChat";
import { createEmbedStore, type EmbedStore } from "./embedStore";
import { embedStyles } from "./embedStyles";
import { PopupEmbed } from "./PopupEmbed";
import type { BubbleOptions, PopupOptions, StandardOptions } from "./publicTypes";

export interface MountedEmbed {
  id: string | undefined;
  /** The bot's public id (`reload` forgets its remembered chat). */
  publicId: string;
  kind: "standard" | "popup" | "bubble";
  store: EmbedStore;
  unmount(): void;
}

type Mount =
  | { kind: "standard"; options: StandardOptions }
  | { kind: "popup"; options: PopupOptions }
  | { kind: "bubble"; options: BubbleOptions };

/** Mounts one embed in its own shadow root (the page's CSS and the widget's never mix). */
export function mountEmbed(mount: Mount, apiHost: string): MountedEmbed {
  const host = getHostElement(mount);
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: "open" });
  const style = document.createElement("style");
  style.textContent = embedStyles;
  const container = document.createElement("div");
  container.className = mount.kind === "standard" ? "parley-embed-standard" : "";
  shadow.replaceChildren(style, container);
  const store = createEmbedStore({
    isOpen: mount.kind === "standard" || (mount.kind === "popup" && mount.options.defaultOpen === true),
  });
  const root: Root = createRoot(container);
  root.render(
    mount.kind === "standard" ? (
      <EmbedChat options={mount.options} store={store} apiHost={apiHost} />
    ) : mount.kind === "popup" ? (
      <PopupEmbed options={mount.options} store={store} apiHost={apiHost} />
    ) : (
      <BubbleEmbed options={mount.options} store={store} apiHost={apiHost} />
    ),
  );
  return {
    id: mount.options.id,
    publicId: mount.options.publicId,
    kind: mount.kind,
    store,
    unmount() {
      root.unmount();
      if (mount.kind === "standard") shadow.replaceChildren();
      else host.remove();
    },
  };
}

function getHostElement(mount: Mount): HTMLElement {
  if (mount.kind === "standard") {
    const target =
      typeof mount.options.element === "string"
        ? document.querySelector(mount.options.element)
        : mount.options.element;
    if (!(target instanceof HTMLElement))
      throw new Error(`Parley: no element matches ${String(mount.options.element)}`);
    return target;
  }
  const host = document.createElement(mount.kind === "popup" ? "parley-popup" : "parley-bubble");
  document.body.append(host);
  return host;
}
