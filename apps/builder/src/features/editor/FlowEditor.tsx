"use client";

import "@xyflow/react/dist/base.css";
import "./editor.css";
import { ReactFlowProvider } from "@xyflow/react";
import { useState } from "react";
import { BotHeaderActions } from "../bot-layout/BotHeaderActions";
import { FlowCanvas } from "./canvas/FlowCanvas";
import { BlockCatalogue } from "./catalogue/BlockCatalogue";
import { BlockDragOverlay } from "./dnd/BlockDragOverlay";
import { ConflictDialog } from "./save/ConflictDialog";
import { SaveStatusBadge } from "./save/SaveStatusBadge";
import { useAutosave } from "./save/useAutosave";
import { BlockSettingsPanel } from "./settings/BlockSettingsPanel";
import { EditorStoreProvider } from "./store/EditorStoreContext";
import type { EditorDocument } from "./store/editorDocument";
import { createEditorStore } from "./store/editorStore";
import { UndoRedoButtons } from "./toolbar/UndoRedoButtons";

/** The flow editor of one bot: catalogue, canvas, settings panel, saving and preview. */
export function FlowEditor({
  botId,
  initialDocument,
  updatedAt,
}: {
  botId: string;
  initialDocument: EditorDocument;
  updatedAt: string;
}) {
  const [store] = useState(() => createEditorStore(initialDocument, updatedAt));
  const [isReady, setReady] = useState(false);
  const autosave = useAutosave(store, botId);
  return (
    <EditorStoreProvider store={store}>
      <ReactFlowProvider>
        <BotHeaderActions>
          <SaveStatusBadge onRetry={autosave.flush} />
          <UndoRedoButtons />
        </BotHeaderActions>
        <div
          className="flex h-full"
          data-testid="flow-editor"
          data-editor-ready={isReady ? "true" : undefined}
        >
          <BlockCatalogue />
          <div className="relative min-w-0 flex-1">
            <FlowCanvas onReady={() => setReady(true)} />
            <BlockSettingsPanel />
          </div>
        </div>
        <BlockDragOverlay />
        <ConflictDialog botId={botId} onOverwrite={autosave.overwrite} />
      </ReactFlowProvider>
    </EditorStoreProvider>
  );
}
