import { useEffect } from "react";
import { createId } from "../createId";
import { deleteGroups } from "../document/blocks";
import { copyGroups, duplicateGroups, parseClipboard, pasteClipboard } from "../document/clipboard";
import { deleteEdges } from "../document/edges";
import { useEditorStore } from "../store/EditorStoreContext";

export interface CanvasSelection {
  groupIds: string[];
  edgeIds: string[];
}

/** Whether the event happened on the canvas (or nowhere in particular), not in a panel. */
function isOnCanvas(target: EventTarget | null): boolean {
  if (!target) return true;
  return (
    target instanceof Element && (target === document.body || Boolean(target.closest("[data-flow-canvas]")))
  );
}

/** Whether keys typed there belong to a text field rather than to the canvas. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return Boolean(
    (target instanceof HTMLElement && target.isContentEditable) ||
      ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) ||
      target.closest("[role=dialog]"),
  );
}

/**
 * Keyboard of the editor: Ctrl/Cmd+Z undo, Shift+Ctrl/Cmd+Z and Ctrl+Y redo, Delete and
 * Backspace delete the selection, Ctrl/Cmd+D duplicates it; copy, cut and paste go through
 * the system clipboard as JSON, so they also work between tabs and bots.
 */
export function useEditorShortcuts(
  getSelection: () => CanvasSelection,
  getPasteOffset: (clipboardGroups: { graphCoordinates: { x: number; y: number } }[]) => {
    x: number;
    y: number;
  },
) {
  const store = useEditorStore();
  useEffect(() => {
    const apply = store.getState().apply;
    const deleteSelection = () => {
      const { groupIds, edgeIds } = getSelection();
      if (groupIds.length || edgeIds.length)
        apply((doc) => deleteGroups(deleteEdges(doc, edgeIds), groupIds));
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTyping(event.target)) return;
      const mod = event.metaKey || event.ctrlKey;
      const key = event.key.toLowerCase();
      if (mod && key === "z") {
        event.preventDefault();
        if (event.shiftKey) store.getState().redo();
        else store.getState().undo();
      } else if (mod && key === "y") {
        event.preventDefault();
        store.getState().redo();
      } else if (!isOnCanvas(event.target)) {
        return;
      } else if (mod && key === "d") {
        event.preventDefault();
        const { groupIds } = getSelection();
        if (groupIds.length) apply((doc) => duplicateGroups(doc, groupIds, createId).doc);
      } else if (!mod && (event.key === "Delete" || event.key === "Backspace")) {
        event.preventDefault();
        deleteSelection();
      }
    };
    const onCopy = (event: ClipboardEvent, isCut = false) => {
      if (isTyping(event.target) || !isOnCanvas(event.target)) return;
      const { groupIds } = getSelection();
      if (!groupIds.length || !event.clipboardData) return;
      event.preventDefault();
      event.clipboardData.setData(
        "text/plain",
        JSON.stringify(copyGroups(store.getState().history.present, groupIds)),
      );
      if (isCut) apply((doc) => deleteGroups(doc, groupIds));
    };
    const onCut = (event: ClipboardEvent) => onCopy(event, true);
    const onPaste = (event: ClipboardEvent) => {
      if (isTyping(event.target) || !isOnCanvas(event.target)) return;
      const clipboard = parseClipboard(event.clipboardData?.getData("text/plain") ?? "");
      if (!clipboard) return;
      event.preventDefault();
      const offset = getPasteOffset(clipboard.groups);
      apply((doc) => pasteClipboard(doc, clipboard, offset, createId).doc);
    };
    window.addEventListener("keydown", onKeyDown);
    document.addEventListener("copy", onCopy);
    document.addEventListener("cut", onCut);
    document.addEventListener("paste", onPaste);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("copy", onCopy);
      document.removeEventListener("cut", onCut);
      document.removeEventListener("paste", onPaste);
    };
  }, [store, getSelection, getPasteOffset]);
}
