import type { Settings, Theme } from "@parley/schemas";

declare module "react" {
  interface CSSProperties {
    /** The embeds' custom properties (`--parley-…`), set inline and read by their style sheet. */
    [variable: `--parley-${string}`]: string | number | undefined;
  }
}

/** Options shared by the three embed kinds. */
export interface EmbedOptions {
  /** The bot's public id. */
  publicId: string;
  /** The bot's chat key (`ck_…`), printed in the embed code by the builder. */
  chatKey: string;
  /** Viewer origin; defaults to the origin embed.js was loaded from. */
  apiHost?: string;
  prefilledVariables?: Record<string, string>;
  /** The visitor's language (BCP 47), for a bot with several languages (docs/languages.md). */
  language?: string;
  /** Overrides merged over the bot's theme. */
  theme?: Theme;
  settings?: Settings;
  /** Tells several widgets on one page apart for commands (`Parley.open({id})`). */
  id?: string;
}

export interface StandardOptions extends EmbedOptions {
  /** Element (or CSS selector) to fill; the widget takes its full size. */
  element: Element | string;
  /** `page`: the full-page layout of the share page (padded, centred card on wide screens). */
  layout?: "page" | "inline";
}

export interface PopupOptions extends EmbedOptions {
  /** Milliseconds after which the popup opens by itself. */
  autoShowDelay?: number;
  defaultOpen?: boolean;
  popupTheme?: { width?: string; backgroundColor?: string; zIndex?: number };
  onOpen?: () => void;
  onClose?: () => void;
}

export interface BubbleOptions extends EmbedOptions {
  autoShowDelay?: number;
  placement?: "left" | "right";
  bubbleTheme?: {
    button?: {
      backgroundColor?: string;
      iconColor?: string;
      size?: "medium" | "large";
      customIconSrc?: string;
    };
    previewMessage?: { backgroundColor?: string; textColor?: string };
    chatWindow?: { maxWidth?: string; maxHeight?: string };
  };
  /** A teaser shown next to the button until it is clicked or dismissed. */
  previewMessage?: { message: string; avatarUrl?: string; autoShowDelay?: number };
  onOpen?: () => void;
  onClose?: () => void;
}
