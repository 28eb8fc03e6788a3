// The embed's public types: what `window.Parley`, `@parley/js` and `@parley/react` accept and call
// back with. Self-contained on purpose (no import): the published packages' declarations are
// emitted from this file alone.

/** The input the chat waits on: the input block (its `id`, wire `type`, `options`…) and its runtime values. */
export interface ParleyInputBlock {
  id: string;
  type: string;
  options?: Record<string, unknown>;
  /** The choice input's buttons, the picture choice's pictures, the cards' cards. */
  items?: Record<string, unknown>[];
  /** The current value of the input's variable, when "prefill inputs" is on. */
  prefilledValue?: string;
  [field: string]: unknown;
}

/** A log line of a turn (a failed block, a skipped action). */
export interface ParleyLog {
  status: string;
  description: string;
  details?: unknown;
  [field: string]: unknown;
}

/** What the visitor answered, and to which input block. */
export interface ParleyAnswer {
  message: string;
  blockId: string | null;
}

/** Called by the widget as the conversation goes on (every kind of embed). */
export interface ParleyCallbacks {
  /** The conversation started (for popups and bubbles: on first open), or a remembered one was resumed. */
  onInit?: () => void;
  /** The bot now waits on this input. */
  onNewInputBlock?: (input: ParleyInputBlock) => void;
  /** The visitor answered an input. */
  onAnswer?: (answer: ParleyAnswer) => void;
  /** The flow reached its end. */
  onEnd?: () => void;
  /**
   * Whether the conversation is kept in the browser (the bot's "Remember user") and resumed after a
   * reload of the page: called after the first turn, then whenever it changes.
   */
  onChatStatePersisted?: (isPersisted: boolean) => void;
  /** Logs of each turn. */
  onNewLogs?: (logs: ParleyLog[]) => void;
}

/** Theme fields merged over the bot's theme: the `theme` object of the bot document (docs/api.md). */
export interface ParleyThemeOverrides {
  general?: Record<string, unknown>;
  chat?: Record<string, unknown>;
  customCss?: string;
  [field: string]: unknown;
}

/** Options shared by the three embed kinds. */
export interface EmbedOptions extends ParleyCallbacks {
  /** The bot's public id. */
  publicId: string;
  /** The bot's chat key (`ck_…`), printed in the embed code by the builder. */
  chatKey: string;
  /**
   * The viewer's origin (`https://chat.example.com`). The script served by the viewer defaults to its
   * own origin; the `@parley/js` module and a copy of the script served elsewhere need it.
   */
  apiHost?: string;
  /** Variable values by name, sent when the conversation starts (the page's query parameters too). */
  prefilledVariables?: Record<string, string>;
  /** The visitor's language (BCP 47), for a bot with several languages (docs/languages.md). */
  language?: string;
  /** Overrides merged over the bot's theme. */
  theme?: ParleyThemeOverrides;
  /** Settings known before startChat (the share page passes the published bot's). */
  settings?: Record<string, unknown>;
  /** Tells several widgets on one page apart for commands (`Parley.open({ id })`). */
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

/** A teaser shown next to the bubble's button. */
export interface PreviewMessage {
  message: string;
  avatarUrl?: string;
  /** Milliseconds after which it shows by itself (without it: at once). */
  autoShowDelay?: number;
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
  previewMessage?: PreviewMessage;
  onOpen?: () => void;
  onClose?: () => void;
}

/** Which widget a command addresses: the one initialised with this `id`, or all without it. */
export interface CommandTarget {
  id?: string;
}

/** The host-page API: `window.Parley` of the script, the default export of `@parley/js`. */
export interface ParleyApi {
  /** Fills an element of the page with the chat (initialising the same `id` again replaces it). */
  initStandard(options: StandardOptions): void;
  /** A chat window over the page, opened by `open()` or after `autoShowDelay`. */
  initPopup(options: PopupOptions): void;
  /** A round button in a corner that opens the chat. */
  initBubble(options: BubbleOptions): void;
  /** Opens popups and bubbles (a standard embed is always open). */
  open(target?: CommandTarget): void;
  /** Closes popups and bubbles. */
  close(target?: CommandTarget): void;
  /** Opens a closed popup or bubble, closes an open one. */
  toggle(target?: CommandTarget): void;
  /** Starts a new conversation (a remembered one is forgotten). */
  reload(target?: CommandTarget): void;
  /** Variables given to the next conversation started (first open of a popup or bubble, or `reload`). */
  setPrefilledVariables(variables: Record<string, string>, target?: CommandTarget): void;
  /** Types `value` into the field of the input the chat waits on; the visitor sends it. */
  setInputValue(value: string, target?: CommandTarget): void;
  /** Runs the bot's command event named `command` in the running conversation. */
  sendCommand(command: string, target?: CommandTarget): void;
  /** Bubbles: shows the preview message (the one given, else the `previewMessage` option). */
  showPreviewMessage(previewMessage?: PreviewMessage, target?: CommandTarget): void;
  /** Bubbles: hides the preview message. */
  hidePreviewMessage(target?: CommandTarget): void;
  /** Removes the widget from the page. */
  unmount(target?: CommandTarget): void;
}

/** The commands of `ParleyApi`, in the order the docs list them. */
export type ParleyCommand = Exclude<keyof ParleyApi, "initStandard" | "initPopup" | "initBubble">;
