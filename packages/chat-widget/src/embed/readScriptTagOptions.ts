import type { BubbleOptions, PopupOptions, StandardOptions } from "./publicTypes";

type TagOptions =
  | { mode: "standard"; options: StandardOptions }
  | { mode: "popup"; options: PopupOptions }
  | { mode: "bubble"; options: BubbleOptions };

/**
 * The embed configured by data attributes of its own script tag: `data-parley-public-id`,
 * `data-parley-chat-key`, `data-parley-mode` (`standard`, `popup`, `bubble`),
 * `data-parley-element` (standard: CSS selector), `data-parley-auto-show-delay` (ms),
 * `data-parley-button-color`, `data-parley-preview-message`, `data-parley-api-host`, `data-parley-language`.
 */
export function readScriptTagOptions(script: HTMLScriptElement | null): TagOptions | undefined {
  const data = script?.dataset;
  if (!data?.parleyPublicId || !data.parleyChatKey) return undefined;
  const delay = Number(data.parleyAutoShowDelay);
  const base = {
    publicId: data.parleyPublicId,
    chatKey: data.parleyChatKey,
    apiHost: data.parleyApiHost,
    language: data.parleyLanguage,
    autoShowDelay: Number.isFinite(delay) && data.parleyAutoShowDelay !== undefined ? delay : undefined,
  };
  if (data.parleyMode === "popup") return { mode: "popup", options: base };
  if (data.parleyMode === "bubble")
    return {
      mode: "bubble",
      options: {
        ...base,
        bubbleTheme: data.parleyButtonColor
          ? { button: { backgroundColor: data.parleyButtonColor } }
          : undefined,
        previewMessage: data.parleyPreviewMessage ? { message: data.parleyPreviewMessage } : undefined,
      },
    };
  return {
    mode: "standard",
    options: { ...base, element: data.parleyElement ?? insertContainerAfter(script) },
  };
}

function insertContainerAfter(script: HTMLScriptElement | null): HTMLElement {
  const container = document.createElement("div");
  container.style.width = "100%";
  container.style.height = "600px";
  script?.after(container);
  return container;
}
