"use client";

import { createContext, type ReactNode, useContext } from "react";
import { useStore } from "zustand";
import { type EditorState, type EditorStore, selectCanvasLanguage } from "./editorStore";

const EditorStoreContext = createContext<EditorStore | null>(null);

export function EditorStoreProvider({ store, children }: { store: EditorStore; children: ReactNode }) {
  return <EditorStoreContext.Provider value={store}>{children}</EditorStoreContext.Provider>;
}

export function useEditorStore(): EditorStore {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error("useEditorStore is used outside the editor");
  return store;
}

/** A slice of the editor state; the component re-renders only when the slice changes. */
export function useEditor<T>(selector: (state: EditorState) => T): T {
  return useStore(useEditorStore(), selector);
}

/** The document being edited. */
export function useDocument<T>(selector: (doc: EditorState["history"]["present"]) => T): T {
  return useStore(useEditorStore(), (state) => selector(state.history.present));
}

/** The language the canvas shows (null: the default language, also while another one's translations load). */
export function useCanvasLanguage(): string | null {
  return useStore(useEditorStore(), selectCanvasLanguage);
}
