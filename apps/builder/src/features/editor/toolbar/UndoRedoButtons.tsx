"use client";

import { Redo2, Undo2 } from "lucide-react";
import { useTranslations } from "use-intl";
import { useEditor, useEditorStore } from "../store/EditorStoreContext";

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/** Undo and redo buttons (also Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z, Ctrl+Y). */
export function UndoRedoButtons() {
  const t = useTranslations("CanvasToolbar");
  const store = useEditorStore();
  const canUndo = useEditor((state) => state.history.past.length > 0);
  const canRedo = useEditor((state) => state.history.future.length > 0);
  const mod = isMac() ? "⌘" : "Ctrl+";
  return (
    <div className="flex items-center rounded-lg border border-line">
      <button
        type="button"
        aria-label={t("undo")}
        title={t("undoShortcut", { keys: `${mod}Z` })}
        disabled={!canUndo}
        onClick={() => store.getState().undo()}
        className="flex h-8 w-8 items-center justify-center rounded-l-lg text-muted hover:bg-subtle hover:text-ink disabled:opacity-40 disabled:hover:bg-transparent"
      >
        <Undo2 size={15} />
      </button>
      <button
        type="button"
        aria-label={t("redo")}
        title={t("redoShortcut", { keys: `${mod}Shift+Z` })}
        disabled={!canRedo}
        onClick={() => store.getState().redo()}
        className="flex h-8 w-8 items-center justify-center rounded-r-lg border-l border-line text-muted hover:bg-subtle hover:text-ink disabled:opacity-40 disabled:hover:bg-transparent"
      >
        <Redo2 size={15} />
      </button>
    </div>
  );
}
