import { createStore, type StoreApi } from "zustand/vanilla";
import {
  commitHistory,
  createHistory,
  type History,
  redoHistory,
  resetHistory,
  undoHistory,
} from "../document/history";
import type { EditorDocument } from "./editorDocument";

export type SaveStatus = "saved" | "unsaved" | "saving" | "offline" | "conflict" | "invalid";

export interface SaveState {
  status: SaveStatus;
  /** `updatedAt` of the last version this tab read or wrote; sent with every save. */
  updatedAt: string;
  /** The document as the server holds it since the last successful save or load. */
  savedDocument: EditorDocument;
  /** Why the last save failed, shown next to the status. */
  message: string | null;
  /** Counts successful saves, so the preview can refresh its session after each. */
  savedCount: number;
  /** When the next automatic retry happens (ms since epoch), while offline. */
  retryAt: number | null;
}

export interface EditorState {
  history: History<EditorDocument>;
  /** The block whose settings panel is open. */
  openedBlockId: string | null;
  /** The side panel open at the right of the canvas instead of block settings. */
  panel: "variables" | null;
  /** The preview drawer stays open while the author edits blocks and variables next to it. */
  isPreviewOpen: boolean;
  /** The block the preview is executing, highlighted on the canvas. */
  executingBlockId: string | null;
  save: SaveState;
  /** Applies a pure change to the document as one undo step (or merges into the last one). */
  apply: (change: (doc: EditorDocument) => EditorDocument, options?: { coalesceKey?: string }) => void;
  undo: () => void;
  redo: () => void;
  /** Replaces the document without an undo step (load, reload after a conflict). */
  resetDocument: (doc: EditorDocument, updatedAt: string) => void;
  openBlock: (blockId: string | null) => void;
  openPanel: (panel: EditorState["panel"]) => void;
  setPreviewOpen: (isOpen: boolean) => void;
  setExecutingBlock: (blockId: string | null) => void;
  updateSave: (changes: Partial<SaveState>) => void;
}

export type EditorStore = StoreApi<EditorState>;

export function createEditorStore(
  doc: EditorDocument,
  updatedAt: string,
  now: () => number = Date.now,
): EditorStore {
  return createStore<EditorState>()((set, get) => {
    const withHistory = (history: History<EditorDocument>) => {
      const { save, openedBlockId } = get();
      const isDirty = history.present !== save.savedDocument;
      const status: SaveStatus =
        save.status === "saved" || save.status === "unsaved" ? (isDirty ? "unsaved" : "saved") : save.status;
      set({
        history,
        save: status === save.status ? save : { ...save, status },
        openedBlockId: openedBlockId && hasBlock(history.present, openedBlockId) ? openedBlockId : null,
      });
    };
    return {
      history: createHistory(doc),
      openedBlockId: null,
      panel: null,
      isPreviewOpen: false,
      executingBlockId: null,
      save: {
        status: "saved",
        updatedAt,
        savedDocument: doc,
        message: null,
        savedCount: 0,
        retryAt: null,
      },
      apply: (change, options) => {
        const { history } = get();
        const next = change(history.present);
        if (next === history.present) return;
        withHistory(commitHistory(history, next, { coalesceKey: options?.coalesceKey, now: now() }));
      },
      undo: () => withHistory(undoHistory(get().history)),
      redo: () => withHistory(redoHistory(get().history)),
      resetDocument: (next, nextUpdatedAt) =>
        set({
          history: resetHistory(next),
          openedBlockId: null,
          save: {
            ...get().save,
            status: "saved",
            updatedAt: nextUpdatedAt,
            savedDocument: next,
            message: null,
            retryAt: null,
          },
        }),
      openBlock: (blockId) =>
        set(blockId ? { openedBlockId: blockId, panel: null } : { openedBlockId: null }),
      openPanel: (panel) => set(panel ? { panel, openedBlockId: null } : { panel: null }),
      setPreviewOpen: (isOpen) => set({ isPreviewOpen: isOpen, executingBlockId: null }),
      setExecutingBlock: (blockId) => set({ executingBlockId: blockId }),
      updateSave: (changes) => set({ save: { ...get().save, ...changes } }),
    };
  });
}

function hasBlock(doc: EditorDocument, blockId: string) {
  return doc.groups.some((group) => group.blocks.some((block) => block.id === blockId));
}
