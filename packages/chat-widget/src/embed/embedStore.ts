import type { ChatController } from "../session/ChatController";
import type { PreviewMessage } from "./publicTypes";

/** Open state and restart counter of one mounted embed, shared with its React tree. */
export interface EmbedState {
  isOpen: boolean;
  /** Incremented by `reload`: a new conversation starts. */
  generation: number;
  /** Whether the chat was opened once (popups and bubbles start the bot on first open). */
  hasOpened: boolean;
  prefilledVariables: Record<string, string> | undefined;
  isPreviewDismissed: boolean;
  /** `showPreviewMessage()`: the bubble's preview message shows even after the chat was opened once. */
  isPreviewForced: boolean;
  /** The preview message given to `showPreviewMessage()`, over the `previewMessage` option. */
  previewMessage: PreviewMessage | null;
  /** The conversation's language once it has one: the launcher and the window's name are written in it. */
  language: string | null;
}

export interface EmbedStore {
  get(): EmbedState;
  set(patch: Partial<EmbedState>): void;
  subscribe(listener: () => void): () => void;
  /** The running conversation's controller (set when the chat mounts; popups and bubbles: on first open). */
  controller: ChatController | undefined;
}

export function createEmbedStore(initial: Partial<EmbedState>): EmbedStore {
  let state: EmbedState = {
    isOpen: false,
    generation: 0,
    hasOpened: false,
    prefilledVariables: undefined,
    isPreviewDismissed: false,
    isPreviewForced: false,
    previewMessage: null,
    language: null,
    ...initial,
  };
  const listeners = new Set<() => void>();
  return {
    controller: undefined,
    get: () => state,
    set(patch) {
      state = { ...state, ...patch };
      if (state.isOpen) state = { ...state, hasOpened: true, isPreviewForced: false };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
