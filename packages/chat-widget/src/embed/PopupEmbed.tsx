import { useEffect, useRef, useSyncExternalStore } from "react";
import { widgetText } from "../widgetTexts";
import { EmbedChat } from "./EmbedChat";
import type { EmbedStore } from "./embedStore";
import type { PopupOptions } from "./embedTypes";
import { useAutoShow } from "./useAutoShow";
import { useEscapeToClose } from "./useEscapeToClose";

/** A modal chat over the page, opened by command or after `autoShowDelay`. */
export function PopupEmbed({
  options,
  store,
  apiHost,
}: {
  options: PopupOptions;
  store: EmbedStore;
  apiHost: string;
}) {
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  const closeButton = useRef<HTMLButtonElement>(null);

  useAutoShow(store, options.autoShowDelay);

  useEffect(() => {
    if (!state.isOpen) return;
    // Whatever opened the popup (a page button, say) gets the focus back when it closes.
    const opener = document.activeElement;
    options.onOpen?.();
    closeButton.current?.focus();
    return () => {
      if (opener instanceof HTMLElement && opener !== document.body) opener.focus();
      options.onClose?.();
    };
  }, [state.isOpen, options]);
  useEscapeToClose(store, state.isOpen);

  if (!state.isOpen) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop closes (Escape and the close button too)
    <div
      className="parley-popup-overlay"
      style={{ "--parley-z": options.popupTheme?.zIndex }}
      onMouseDown={(event) => event.target === event.currentTarget && store.set({ isOpen: false })}
    >
      <div
        className="parley-popup"
        role="dialog"
        aria-modal="true"
        aria-label={widgetText(state.language, "chat")}
        style={{
          "--parley-popup-width": options.popupTheme?.width,
          "--parley-popup-bg": options.popupTheme?.backgroundColor,
        }}
      >
        <button
          ref={closeButton}
          type="button"
          className="parley-close"
          aria-label={widgetText(state.language, "close")}
          onClick={() => store.set({ isOpen: false })}
        >
          ×
        </button>
        <EmbedChat options={options} store={store} apiHost={apiHost} />
      </div>
    </div>
  );
}
