/** Open state and restart counter of one mounted embed, shared with its React tree. */
export interface EmbedState {
  isOpen: boolean;
  /** Incremented by `reload`: a new conversation starts. */
  generation: number;
  /** Whether the chat was opened once (popups and bubbles start the bot on first open). */
  hasOpened: boolean;
  prefilledVariables: Record<string, string> | undefined;
  isPreviewDismissed: boolean;
}

export interface EmbedStore {
  get(): EmbedState;
  set(patch: Partial<EmbedState>): void;
  subscribe(listener: () => void): () => void;
}

export function createEmbedStore(initial: Partial<EmbedState>): EmbedStore {
  let state: EmbedState = {
    isOpen: false,
    generation: 0,
    hasOpened: false,
    prefilledVariables: undefined,
    isPreviewDismissed: false,
    ...initial,
  };
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(patch) {
      state = { ...state, ...patch };
      if (state.isOpen) state.hasOpened = true;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
