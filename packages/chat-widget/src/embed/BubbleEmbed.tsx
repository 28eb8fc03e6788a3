import { useEffect, useRef, useSyncExternalStore } from "react";
import { sanitizeMediaUrl } from "../rich-text/sanitizeUrl";
import { widgetText } from "../widgetTexts";
import { EmbedChat } from "./EmbedChat";
import type { EmbedStore } from "./embedStore";
import type { BubbleOptions } from "./embedTypes";
import { useAutoShow } from "./useAutoShow";
import { useEscapeToClose } from "./useEscapeToClose";

/** The field or first option of the input the chat waits on. */
const focusableInput =
  ".parley-input-row input:not([type=hidden]), .parley-input-row textarea, .parley-input-row button";

/** A floating button that opens a chat window, with an optional preview message. */
export function BubbleEmbed({
  options,
  store,
  apiHost,
}: {
  options: BubbleOptions;
  store: EmbedStore;
  apiHost: string;
}) {
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  const button = options.bubbleTheme?.button;
  const preview = state.previewMessage ?? options.previewMessage;
  const previewTheme = options.bubbleTheme?.previewMessage;

  const toggle = useRef<HTMLButtonElement>(null);
  const chatWindow = useRef<HTMLDivElement>(null);

  useAutoShow(store, options.autoShowDelay);

  useEffect(() => {
    if (state.isOpen) options.onOpen?.();
    else if (state.hasOpened) options.onClose?.();
  }, [state.isOpen, state.hasOpened, options]);

  useEffect(() => {
    if (!state.isOpen) return;
    // Reopened: the focus goes back to the question the chat waits on (a new chat focuses its first input itself).
    chatWindow.current?.querySelector<HTMLElement>(focusableInput)?.focus({ preventScroll: true });
  }, [state.isOpen]);
  useEscapeToClose(store, state.isOpen, toggle);

  const isPreviewShown =
    preview?.message &&
    !state.isOpen &&
    (state.isPreviewForced || (!state.hasOpened && !state.isPreviewDismissed));
  const iconSrc = sanitizeMediaUrl(button?.customIconSrc);
  return (
    <div
      data-placement={options.placement ?? "right"}
      style={{
        "--parley-bubble-bg": button?.backgroundColor,
        "--parley-bubble-icon": button?.iconColor,
        "--parley-bubble-size": button?.size === "large" ? "64px" : undefined,
        "--parley-preview-bg": previewTheme?.backgroundColor,
        "--parley-preview-color": previewTheme?.textColor,
        "--parley-window-max-width": options.bubbleTheme?.chatWindow?.maxWidth,
        "--parley-window-max-height": options.bubbleTheme?.chatWindow?.maxHeight,
      }}
    >
      {isPreviewShown ? (
        <div className="parley-preview-wrapper">
          <button type="button" className="parley-preview" onClick={() => store.set({ isOpen: true })}>
            {sanitizeMediaUrl(preview.avatarUrl) ? (
              <img src={sanitizeMediaUrl(preview.avatarUrl)} alt="" />
            ) : null}
            <span>{preview.message}</span>
          </button>
        </div>
      ) : null}
      {state.hasOpened ? (
        <div
          ref={chatWindow}
          className="parley-bubble-window"
          role="dialog"
          aria-label={widgetText(state.language, "chat")}
          hidden={!state.isOpen}
        >
          <EmbedChat options={options} store={store} apiHost={apiHost} />
        </div>
      ) : null}
      <button
        ref={toggle}
        type="button"
        className="parley-bubble-button"
        aria-label={widgetText(state.language, state.isOpen ? "close" : "open")}
        aria-expanded={state.isOpen}
        onClick={() => store.set({ isOpen: !state.isOpen, isPreviewDismissed: true })}
      >
        {state.isOpen ? (
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
          </svg>
        ) : iconSrc ? (
          <img src={iconSrc} alt="" />
        ) : (
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path
              d="M21 12a8 8 0 01-11.6 7.1L4 20l1-4.6A8 8 0 1121 12z"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        )}
      </button>
    </div>
  );
}
