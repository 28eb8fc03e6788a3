"use client";

import "@xyflow/react/dist/base.css";
import "./editor.css";
import { readBotTests } from "@parley/schemas";
import { ReactFlowProvider } from "@xyflow/react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTRPCClient } from "@/lib/trpc";
import { ConflictDialog } from "../autosave/ConflictDialog";
import type { SaveRequest } from "../autosave/createAutosaver";
import { SaveStatusBadge } from "../autosave/SaveStatusBadge";
import { loadBotFields, saveBotChanges } from "../autosave/saveBotChanges";
import { useAutosaver } from "../autosave/useAutosaver";
import { useBotHeader } from "../bot-layout/BotContext";
import { BotHeaderActions } from "../bot-layout/BotHeaderActions";
import { CanvasAnalyticsContext } from "./canvas/CanvasAnalyticsContext";
import { FlowCanvas } from "./canvas/FlowCanvas";
import { useFlowAnalytics } from "./canvas/useFlowAnalytics";
import { BlockCatalogue } from "./catalogue/BlockCatalogue";
import { BlockDragOverlay } from "./dnd/BlockDragOverlay";
import { PreviewButton } from "./preview/PreviewButton";
import { PreviewDrawer } from "./preview/PreviewDrawer";
import { BlockSettingsPanel } from "./settings/BlockSettingsPanel";
import { EventSettingsPanel } from "./settings/EventSettingsPanel";
import { EditorStoreProvider, useEditor } from "./store/EditorStoreContext";
import { documentKeys, type EditorDocument } from "./store/editorDocument";
import { createEditorStore, type EditorState, waitForTranslationsBeforeSaving } from "./store/editorStore";
import { TestsPanel } from "./tests/TestsPanel";
import { CanvasToolbar } from "./toolbar/CanvasToolbar";
import { UndoRedoButtons } from "./toolbar/UndoRedoButtons";
import { VariablesPanel } from "./variables/VariablesPanel";

const selectDocument = (state: EditorState) => state.history.present;

/** The flow editor of one bot: catalogue, canvas, settings panel, saving and preview. */
export function FlowEditor({
  botId,
  initialDocument,
  hasTranslations = true,
  updatedAt,
  viewerUrl,
}: {
  botId: string;
  initialDocument: EditorDocument;
  /** False when the document comes without its translations' texts (loaded when needed). */
  hasTranslations?: boolean;
  updatedAt: string;
  /** Where the chat API runs (the preview talks to it). */
  viewerUrl: string;
}) {
  const client = useTRPCClient();
  const [store] = useState(() =>
    createEditorStore(initialDocument, updatedAt, Date.now, {
      hasTranslations,
      loadTranslations: async () =>
        (await client.translations.getDraftTranslations.query({ botId })).translations,
    }),
  );
  const [isReady, setReady] = useState(false);
  const save = useCallback(
    (request: SaveRequest<EditorDocument>) => saveBotChanges(client, botId, request),
    [client, botId],
  );
  const autosaverOptions = useMemo(() => ({ beforeSave: waitForTranslationsBeforeSaving(store) }), [store]);
  const autosave = useAutosaver(store, selectDocument, save, autosaverOptions);
  const reload = async () => {
    const { document, updatedAt } = await loadBotFields(client, botId, documentKeys);
    // The API's output types a webhook stub's `body` as optional; the stored tests are read as the editor holds them.
    store.getState().resetDocument({ ...document, tests: readBotTests(document.tests) }, updatedAt);
  };
  const analytics = useFlowAnalytics(botId);
  // `?panel=tests` (the publish dialog's link when tests fail) opens the Tests panel.
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get("panel") === "tests") store.getState().openTest(null);
  }, [store]);
  return (
    <EditorStoreProvider store={store}>
      <ReactFlowProvider>
        <BotHeaderActions>
          <EditorSaveStatus onRetry={autosave.flush} />
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
            <CanvasToolbar botId={botId} analytics={analytics.toolbar} />
            <SidePanels botId={botId} viewerUrl={viewerUrl} flush={autosave.flush} />
          </div>
        </div>
        <BlockDragOverlay />
        <EditorConflictDialog onReload={reload} onOverwrite={autosave.overwrite} />
      </ReactFlowProvider>
    </EditorStoreProvider>
  );
}

/** Block settings, variables or tests at the right of the canvas, and the preview drawer beside them. */
function SidePanels({ botId, viewerUrl, flush }: { botId: string; viewerUrl: string; flush: () => void }) {
  const panel = useEditor((state) => state.panel);
  const isPreviewOpen = useEditor((state) => state.isPreviewOpen);
  const { canEdit } = useBotHeader();
  return (
    <div className="pointer-events-none absolute top-3 right-3 bottom-3 z-20 flex gap-3">
      {panel === "variables" ? (
        <VariablesPanel />
      ) : panel === "tests" ? (
        <TestsPanel botId={botId} canEdit={canEdit} flush={flush} />
      ) : (
        <>
          <BlockSettingsPanel />
          <EventSettingsPanel />
        </>
      )}
      {isPreviewOpen ? (
        <PreviewDrawer botId={botId} viewerUrl={viewerUrl} flush={flush} canEdit={canEdit} />
      ) : null}
    </div>
  );
}

// The save state is read by these two alone, so a change of it re-renders neither the canvas nor the panels.
function EditorSaveStatus({ onRetry }: { onRetry: () => void }) {
  return <SaveStatusBadge save={useEditor((state) => state.save)} onRetry={onRetry} />;
}

function EditorConflictDialog({
  onReload,
  onOverwrite,
}: {
  onReload: () => Promise<void>;
  onOverwrite: () => void;
}) {
  const isOpen = useEditor((state) => state.save.status === "conflict");
  return <ConflictDialog open={isOpen} subject="bot" onReload={onReload} onOverwrite={onOverwrite} />;
}
