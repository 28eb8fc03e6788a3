import type { StoreApi } from "zustand/vanilla";
import type { AutosaveState, DocumentOf } from "./saveState";

export interface SaveRequest<Doc> {
  /** Only the top-level fields that changed since the last save. */
  changes: Partial<Doc>;
  /** The same fields as they were last saved (or loaded). */
  base: Partial<Doc>;
  updatedAt: string;
  overwrite: boolean;
}

export type SaveOutcome =
  | { kind: "saved"; updatedAt: string }
  /** Another tab or user saved a newer version (CONFLICT_NEWER_VERSION). */
  | { kind: "conflict" }
  /** The request did not reach the server or the server failed: retried with backoff. */
  | { kind: "offline"; message: string }
  /** The server refused the document: shown, retried after the next edit. */
  | { kind: "invalid"; message: string };

export interface Autosaver {
  /** Saves now (e.g. before the page is left), without waiting for the debounce. */
  flush: () => void;
  /** Resolves a conflict by writing this tab's version over the newer one. */
  overwrite: () => void;
  dispose: () => void;
}

export const saveDebounceMs = 800;

/** Delay before the n-th retry (0-based) of a failed save: 1 s, 2 s, 4 s, … at most 30 s. */
export function getRetryDelay(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** attempt);
}

/** The top-level fields that differ between two versions of a document (compared by reference). */
export function getChangedKeys<Doc extends object>(saved: Doc, current: Doc): (keyof Doc & string)[] {
  return (Object.keys(current) as (keyof Doc & string)[]).filter((key) => saved[key] !== current[key]);
}

export interface AutosaverOptions {
  clock?: { now: () => number };
  /**
   * Asked before each save with the fields it would send: a promise makes the save wait for it (the status says
   * "saving"), then the changes are read again from the store; a rejected one counts as a failed request (retried
   * with backoff). The editor's translations are loaded so before the settings are saved.
   */
  beforeSave?: (keys: readonly string[]) => Promise<void> | null;
}

/**
 * Saves a store's document automatically (the flow in the editor, the theme or the
 * settings on their pages): `saveDebounceMs` after the last edit, one request at a time,
 * edits made during a save are saved right after it. Failures never drop the local
 * document: network errors are retried with backoff, a refused document is shown and
 * saved again after the next edit, a conflict waits for the author's choice.
 */
export function createAutosaver<State extends AutosaveState<object>>(
  store: Pick<StoreApi<State>, "getState" | "subscribe">,
  selectDocument: (state: State) => DocumentOf<State>,
  save: (request: SaveRequest<DocumentOf<State>>) => Promise<SaveOutcome>,
  { clock = Date, beforeSave }: AutosaverOptions = {},
): Autosaver {
  type Doc = DocumentOf<State>;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight = false;
  let failedAttempts = 0;
  let disposed = false;

  const schedule = (delay: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void run(false);
    }, delay);
  };

  const run = async (overwrite: boolean) => {
    if (inFlight || disposed) return;
    const state = store.getState();
    const doc = selectDocument(state);
    const { savedDocument, updatedAt, status } = state.save;
    if (status === "conflict" && !overwrite) return;
    const keys = getChangedKeys<Doc>(savedDocument, doc);
    if (keys.length === 0 && !overwrite) {
      state.updateSave({ status: "saved", message: null, retryAt: null });
      return;
    }
    inFlight = true;
    state.updateSave({ status: "saving" });
    const waitFor = beforeSave?.(keys);
    if (waitFor) {
      let failure: string | null = null;
      await waitFor.catch((error: unknown) => {
        failure = error instanceof Error ? error.message : "The server cannot be reached";
      });
      inFlight = false;
      if (disposed) return;
      if (failure === null) return run(overwrite);
      const delay = getRetryDelay(failedAttempts++);
      store.getState().updateSave({ status: "offline", message: failure, retryAt: clock.now() + delay });
      schedule(delay);
      return;
    }
    const pick = (from: Doc) => {
      const picked: Partial<Doc> = {};
      for (const key of keys) picked[key] = from[key];
      return picked;
    };
    const outcome = await save({ changes: pick(doc), base: pick(savedDocument), updatedAt, overwrite });
    inFlight = false;
    if (disposed) return;
    const current = store.getState();
    if (outcome.kind === "saved") {
      failedAttempts = 0;
      current.updateSave({
        updatedAt: outcome.updatedAt,
        savedDocument: doc,
        message: null,
        retryAt: null,
        savedCount: current.save.savedCount + 1,
      });
      // Compared with the saved version as the store records it (the editor completes one sent without translations).
      const after = store.getState();
      const isDirty = selectDocument(after) !== after.save.savedDocument;
      after.updateSave({ status: isDirty ? "unsaved" : "saved" });
      if (isDirty) schedule(saveDebounceMs);
    } else if (outcome.kind === "conflict") {
      current.updateSave({ status: "conflict", message: null, retryAt: null });
    } else if (outcome.kind === "invalid") {
      current.updateSave({ status: "invalid", message: outcome.message, retryAt: null });
    } else {
      const delay = getRetryDelay(failedAttempts++);
      current.updateSave({ status: "offline", message: outcome.message, retryAt: clock.now() + delay });
      schedule(delay);
    }
  };

  const unsubscribe = store.subscribe((state, previous) => {
    if (selectDocument(state) === selectDocument(previous)) return;
    if (state.save.status === "conflict" || state.save.status === "offline") return;
    schedule(saveDebounceMs);
  });

  return {
    flush: () => {
      if (timer) clearTimeout(timer);
      timer = null;
      void run(false);
    },
    overwrite: () => {
      if (timer) clearTimeout(timer);
      timer = null;
      void run(true);
    },
    dispose: () => {
      disposed = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
    },
  };
}
