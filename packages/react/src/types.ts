// The package's public types (types only: the build copies this file as dist/types.d.ts).
import type { BubbleOptions, PopupOptions, StandardOptions } from "@parley/js";
import type { CSSProperties } from "react";

export type {
  BubbleOptions,
  CommandTarget,
  EmbedOptions,
  ParleyAnswer,
  ParleyApi,
  ParleyCallbacks,
  ParleyInputBlock,
  ParleyLog,
  ParleyThemeOverrides,
  PopupOptions,
  PreviewMessage,
  StandardOptions,
} from "@parley/js";

/** `<Standard>`: the chat fills the component's box (give it a height, or a parent with one). */
export interface StandardProps extends Omit<StandardOptions, "element" | "layout"> {
  style?: CSSProperties;
  className?: string;
}

/** `<Popup>`: a chat window over the page, opened by `open()` or after `autoShowDelay`. */
export type PopupProps = PopupOptions;

/** `<Bubble>`: a round button in a corner of the page that opens the chat. */
export type BubbleProps = BubbleOptions;
