"use client";

import "@xyflow/react/dist/base.css";
import "./editor.css";
import { ReactFlowProvider } from "@xyflow/react";
import { useState } from "react";
import { BotHeaderActions } from "../bot-layout/BotHeaderActions";
import { CanvasAnalyticsContext } from "./canvas/CanvasAnalyticsContext";
import { FlowCanvas } from "./canvas/FlowCanvas";
import { useFlowAnalytics } from "./canvas/useFlowAnalytics";
import { BlockCatalogue } from "./catalogue/BlockCatalogue";
import { BlockDragOverlay } from "./dnd/BlockDragOverlay";
import { PreviewButton } from "./preview/PreviewButton";
import { PreviewDrawer } from "./preview/PreviewDrawer";
import { ConflictDialog } from "./save/ConflictDialog";
import { SaveStatusBadge } from "./save/SaveStatusBadge";
import { useAutosave } from "./save/useAutosave";
import { BlockSettingsPanel } from "./settings/BlockSettingsPanel";
import { EditorStoreProvider, useEditor } from "./store/EditorStoreContext";
import type { EditorDocument } from "./store/editorDocument";
import { createEditorStore } from "./store/editorStore";
import { CanvasToolbar } from "./toolbar/CanvasToolbar";
import { UndoRedoButtons } from "./toolbar/UndoRedoButtons";
import { VariablesPanel } from "./variables/VariablesPanel";

/** The flow editor of one bot: catalogue, canvas, settings panel, saving and preview. */
export function FlowEditor({
  botId,
  initialDocument,
  updatedAt,
  viewerUrl,
}: {
  botId: string;
  initialDocument: EditorDocument;
  updatedAt: string;
  /** Where the chat API runs (the preview talks to it). */
  viewerUrl: string;
}) {
  const [store] = useState(() => createEditorStore(initialDocument, updatedAt));
  const [isReady, setReady] = useState(false);
  const autosave = useAutosave(store, botId);
  const analytics = useFlowAnalytics(botId);
  return (
    <EditorStoreProvider store={store}>
      <ReactFlowProvider>
        <BotHeaderActions>
          <SaveStatusBadge onRetry={autosave.flush} />
          <UndoRedoButtons />
          <PreviewButton onBeforeOpen={autosave.flush} />
        </BotHeaderActions>
        <div
          className="flex h-full"
          data-testid="flow-editor"
          data-editor-ready={isReady ? "true" : undefined}
        >
          <BlockCatalogue />
          <div className="relative min-w-0 flex-1">
            <CanvasAnalyticsContext.Provider value={analytics.canvasAnalytics}>
              <FlowCanvas onReady={() => setReady(true)} />
            </CanvasAnalyticsContext.Provider>
            <CanvasToolbar analytics={analytics.toolbar} />
            <SidePanels botId={botId} viewerUrl={viewerUrl} />
          </div>
        </div>
        <BlockDragOverlay />
        <ConflictDialog botId={botId} onOverwrite={autosave.overwrite} />
      </ReactFlowProvider>
    </EditorStoreProvider>
  );
}

/** Block settings or variables at the right of the canvas, and the preview drawer beside them. */
function SidePanels({ botId, viewerUrl }: { botId: string; viewerUrl: string }) {
  const panel = useEditor((state) => state.panel);
  const isPreviewOpen = useEditor((state) => state.isPreviewOpen);
  return (
    <div className="pointer-events-none absolute top-3 right-3 bottom-3 z-20 flex gap-3">
      {panel === "variables" ? <VariablesPanel /> : <BlockSettingsPanel />}
      {isPreviewOpen ? <PreviewDrawer botId={botId} viewerUrl={viewerUrl} /> : null}
    </div>
  );
}
