"use client";

import { type ChatController, ChatWidget } from "@parley/chat-widget";
import type { AiAgentRunStep } from "@parley/integrations/ai/agent/agentRunSteps";
import { RotateCcw, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { useTRPCClient } from "@/lib/trpc";
import { AgentSteps } from "../settings/agent/AgentSteps";
import { readAgentStepLogs } from "../settings/agent/previewAgentSteps";
import { useEditor, useEditorStore } from "../store/EditorStoreContext";
import { PreviewDebugger } from "./PreviewDebugger";
import { PreviewLanguagePicker } from "./PreviewLanguagePicker";
import { PreviewStartForm } from "./PreviewStartForm";
import {
  addPreviewAnswer,
  addPreviewBlock,
  addPreviewLogs,
  type PreviewTurn,
  setPreviewVariables,
  startPreviewTurns,
} from "./previewTurns";
import { refreshPreviewSession } from "./refreshPreviewSession";

/**
 * Chats with the unsaved-but-saved draft (preview startChat on the viewer, nothing stored
 * in the results). The block being executed is highlighted on the canvas; after each save
 * the running session is refreshed with updateBot so it follows the author's edits. The debugger
 * lists each turn's blocks, logs and the variables before and after it. It starts from the start event or
 * from a chosen group, with chosen variable values.
 */
export function PreviewDrawer({ botId, viewerUrl }: { botId: string; viewerUrl: string }) {
  const t = useTranslations("Preview");
  const store = useEditorStore();
  const savedCount = useEditor((state) => state.save.savedCount);
  const controller = useRef<ChatController | null>(null);
  const [generation, setGeneration] = useState(0);
  const [refreshError, setRefreshError] = useState<string | null>(null);
  // The steps of each AI agent turn of this chat (tool calls, passages), from the preview's step logs.
  const [agentTurns, setAgentTurns] = useState<AiAgentRunStep[][]>([]);
  const [turns, setTurns] = useState<PreviewTurn[]>(startPreviewTurns);
  const firstSavedCount = useRef(savedCount);
  const previewStart = useEditor((state) => state.previewStart);
  const previewLanguage = useEditor((state) => state.previewLanguage);
  const firstPreviewStart = useRef(previewStart);
  const client = useTRPCClient();

  // At the end of each turn (an input shown, or the end), the variables the session holds now.
  const readVariables = useCallback(() => {
    const sessionId = controller.current?.getState().sessionId;
    if (!sessionId) return;
    client.bots.getPreviewVariables
      .query({ botId, sessionId })
      .then(({ variables }) => setTurns((current) => setPreviewVariables(current, variables)))
      .catch(() => undefined);
  }, [client, botId]);

  useEffect(() => {
    if (savedCount === firstSavedCount.current) return;
    const sessionId = controller.current?.getState().sessionId;
    if (!sessionId) return;
    refreshPreviewSession(viewerUrl, sessionId).then(setRefreshError);
  }, [savedCount, viewerUrl]);

  useEffect(() => () => store.getState().setExecutingBlock(null), [store]);

  const restartTurns = useCallback(() => {
    const { canvasMarks, setCanvasMarks, setExecutingBlock } = store.getState();
    setExecutingBlock(null);
    if (canvasMarks?.source === "turn") setCanvasMarks(null);
    setAgentTurns([]);
    setTurns(startPreviewTurns());
  }, [store]);

  // Another start (group or variable values): a new chat from there.
  useEffect(() => {
    if (previewStart === firstPreviewStart.current) return;
    firstPreviewStart.current = previewStart;
    restartTurns();
    controller.current = null;
    setGeneration((current) => current + 1);
  }, [previewStart, restartTurns]);

  return (
    <aside
      aria-label={t("title")}
      data-testid="preview-drawer"
      className="pointer-events-auto flex w-[420px] shrink-0 flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-popover"
    >
      <header className="flex items-center gap-2 border-b border-line px-4 py-3">
        <h2 className="flex-1 font-semibold">{t("title")}</h2>
        <PreviewLanguagePicker />
        <button
          type="button"
          onClick={() => {
            restartTurns();
            if (controller.current) void controller.current.restart();
            else setGeneration((current) => current + 1);
          }}
          className="flex h-8 items-center gap-1.5 rounded-lg border border-line px-2.5 text-[13px] font-medium hover:bg-subtle"
        >
          <RotateCcw size={14} /> {t("restart")}
        </button>
        <button
          type="button"
          aria-label={t("close")}
          onClick={() => store.getState().setPreviewOpen(false)}
          className="rounded-md p-1.5 text-muted hover:bg-subtle hover:text-ink"
        >
          <X size={16} />
        </button>
      </header>
      {refreshError ? (
        <p className="bg-warning-50 px-4 py-2 text-[13px] text-warning-600">{refreshError}</p>
      ) : null}
      <PreviewStartForm />
      <div className="relative min-h-0 flex-1">
        <ChatWidget
          key={generation}
          apiHost={viewerUrl}
          botIdOrPublicId={botId}
          isPreview
          startFrom={previewStart.groupId ? { type: "group", groupId: previewStart.groupId } : undefined}
          prefilledVariables={previewStart.variables}
          language={previewLanguage ?? undefined}
          auth={{ credentials: "include" }}
          onReady={(created) => {
            controller.current = created;
          }}
          onBlockExecuted={(blockId) => {
            store.getState().setExecutingBlock(blockId);
            setTurns((current) => addPreviewBlock(current, blockId));
          }}
          onAnswer={(answer) => setTurns((current) => addPreviewAnswer(current, answer.message))}
          onNewInput={readVariables}
          onEnd={readVariables}
          onNewLogs={(logs) => {
            setTurns((current) => addPreviewLogs(current, logs));
            const steps = readAgentStepLogs(logs);
            if (steps.length > 0) setAgentTurns((turns) => [...turns, steps]);
          }}
        />
      </div>
      <PreviewDebugger turns={turns} />
      {agentTurns.length > 0 ? (
        <details
          data-testid="preview-agent-steps"
          className="max-h-[45%] overflow-y-auto border-t border-line px-4 py-2"
        >
          <summary className="cursor-pointer text-[13px] font-medium">
            AI agent steps ({agentTurns.length} {agentTurns.length === 1 ? "answer" : "answers"})
          </summary>
          <div className="mt-2 flex flex-col gap-3">
            {agentTurns.map((steps, index) => (
              <section
                // biome-ignore lint/suspicious/noArrayIndexKey: turns are only appended
                key={index}
                aria-label={`Steps of answer ${index + 1}`}
                className="flex flex-col gap-1"
              >
                <h3 className="text-[12px] font-semibold text-muted">Answer {index + 1}</h3>
                <AgentSteps steps={steps} />
              </section>
            ))}
          </div>
        </details>
      ) : null}
    </aside>
  );
}
