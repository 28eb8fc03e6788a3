import { createStore, type StoreApi } from "zustand/vanilla";
import { type AutosaveState, createSaveState, getEditedSaveState, getReloadedSaveState } from "./saveState";

export interface AutosaveStoreState<Doc> extends AutosaveState<Doc> {
  document: Doc;
  /** Applies a change to the document (no undo history: pages other than the flow editor). */
  edit: (change: (doc: Doc) => Doc) => void;
  /** Replaces the document with the server's version (reload after a conflict). */
  reset: (doc: Doc, updatedAt: string) => void;
}

/** A document being edited and its save state, for `createAutosaver`. */
export function createAutosaveStore<Doc>(doc: Doc, updatedAt: string): StoreApi<AutosaveStoreState<Doc>> {
  return createStore<AutosaveStoreState<Doc>>()((set, get) => ({
    document: doc,
    save: createSaveState(doc, updatedAt),
    edit: (change) => {
      const next = change(get().document);
      if (next === get().document) return;
      set({ document: next, save: getEditedSaveState(get().save, next) });
    },
    reset: (next, nextUpdatedAt) =>
      set({ document: next, save: getReloadedSaveState(get().save, next, nextUpdatedAt) }),
    updateSave: (changes) => set({ save: { ...get().save, ...changes } }),
  }));
}
