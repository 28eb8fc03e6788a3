"use client";

import { useEffect, useMemo } from "react";
import type { StoreApi } from "zustand/vanilla";
import {
  type Autosaver,
  type AutosaverOptions,
  createAutosaver,
  type SaveOutcome,
  type SaveRequest,
} from "./createAutosaver";
import type { AutosaveState, DocumentOf } from "./saveState";

/**
 * Saves a store's document automatically (`createAutosaver`), saves at once when the
 * browser is back online, and warns before the page is closed while something is not
 * saved yet. `selectDocument` and `save` must keep their identity between renders; with no
 * store yet (still loading) nothing is saved. `options` (`beforeSave`) must keep its identity too.
 */
export function useAutosaver<State extends AutosaveState<object>>(
  store: StoreApi<State>,
  selectDocument: (state: State) => DocumentOf<State>,
  save: (request: SaveRequest<DocumentOf<State>>) => Promise<SaveOutcome>,
  options?: AutosaverOptions,
): Autosaver;
export function useAutosaver<State extends AutosaveState<object>>(
  store: StoreApi<State> | null,
  selectDocument: (state: State) => DocumentOf<State>,
  save: (request: SaveRequest<DocumentOf<State>>) => Promise<SaveOutcome>,
  options?: AutosaverOptions,
): Autosaver | null;
export function useAutosaver<State extends AutosaveState<object>>(
  store: StoreApi<State> | null,
  selectDocument: (state: State) => DocumentOf<State>,
  save: (request: SaveRequest<DocumentOf<State>>) => Promise<SaveOutcome>,
  options?: AutosaverOptions,
): Autosaver | null {
  const autosaver = useMemo(
    () => (store ? createAutosaver(store, selectDocument, save, options) : null),
    [store, selectDocument, save, options],
  );
  useEffect(() => () => autosaver?.dispose(), [autosaver]);
  useEffect(() => {
    if (!store || !autosaver) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (store.getState().save.status === "saved") return;
      autosaver.flush();
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    const onOnline = () => {
      if (store.getState().save.status === "offline") autosaver.flush();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("online", onOnline);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("online", onOnline);
    };
  }, [store, autosaver]);
  return autosaver;
}
