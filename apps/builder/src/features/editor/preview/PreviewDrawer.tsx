"use client";

import { type ChatController, ChatWidget } from "@parley/chat-widget";
import type { AiAgentRunStep } from "@parley/integrations/ai/agent/agentRunSteps";
import { FlaskConical, RotateCcw, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { useTRPCClient } from "@/lib/trpc";
import { useBlockLabel } from "../catalogue/useBlockLabel";
import { createId } from "../createId";
import { nextTestName, saveTest } from "../document/tests";
import { AgentSteps } from "../settings/agent/AgentSteps";
import { readAgentStepLogs } from "../settings/agent/previewAgentSteps";
import { useEditor, useEditorStore } from "../store/EditorStoreContext";
import { findBlock, getTurnOfStep, recordPreviewTest, recordStub } from "../tests/recordPreviewTest";
import { useRunBotTests } from "../tests/useRunBotTests";
import { PreviewDebugger } from "./PreviewDebugger";
import { PreviewLanguagePicker } from "./PreviewLanguagePicker";
import { PreviewStartForm } from "./PreviewStartForm";
import {
  addPreviewAnswer,
  addPreviewBlock,
  addPreviewLogs,
  type PreviewTurn,
  setPreviewInput,
  setPreviewVariables,
  startPreviewTurns,
} from "./previewTurns";
import { type PreviewRefreshProblem, refreshPreviewSession } from "./refreshPreviewSession";

/**
 * Chats with the unsaved-but-saved draft (preview startChat on the viewer, nothing stored
 * in the results). The block being executed is highlighted on the canvas; after each save
 * the running session is refreshed with updateBot so it follows the author's edits. The debugger
 * lists each turn's blocks, logs and the variables before and after it. It starts from the start event or
 * from a chosen group, with chosen variable values. "Save as test" turns the conversation into a bot test.
 */
export function PreviewDrawer({
  botId,
  viewerUrl,
  flush,
  canEdit,
}: {
  botId: string;
  viewerUrl: string;
  flush: () => void;
  canEdit: boolean;
}) {
  const t = useTranslations("Preview");
  const blockLabel = useBlockLabel();
  const store = useEditorStore();
  const savedCount = useEditor((state) => state.save.savedCount);
  const controller = useRef<ChatController | null>(null);
  const [generation, setGeneration] = useState(0);
  const [refreshError, setRefreshError] = useState<PreviewRefreshProblem | null>(null);
  // The steps of each AI agent turn of this chat (tool calls, passages), from the preview's step logs.
  const [agentTurns, setAgentTurns] = useState<AiAgentRunStep[][]>([]);
  const [turns, setTurns] = useState<PreviewTurn[]>(startPreviewTurns);
  const firstSavedCount = useRef(savedCount);
  const previewStart = useEditor((state) => state.previewStart);
  const previewLanguage = useEditor((state) => state.previewLanguage);
  const firstPreviewStart = useRef(previewStart);
  const client = useTRPCClient();
  const runTests = useRunBotTests(botId, flush);
  const [recording, setRecording] = useState<{ isBusy: boolean; error: string | null }>({
    isBusy: false,
    error: null,
  });

  /**
   * The conversation as a test: the visitor's answers and the bot's messages, inputs and end as steps; then the test
   * runs, and each outside call it meets without a stub gets one from what this preview recorded, until none is missing.
   */
  const saveAsTest = async () => {
    const chat = controller.current?.getState();
    if (!chat) return;
    // A test starts where a chat starts: a preview from a group, or with chosen values, would not replay.
    if (previewStart.groupId || Object.keys(previewStart.variables).length > 0)
      return setRecording({
        isBusy: false,
        error: t("recordFromStart"),
      });
    setRecording({ isBusy: true, error: null });
    const doc = store.getState().history.present;
    const recorded = { turns, entries: chat.entries, isEnded: chat.status === "ended" };
    let test = recordPreviewTest(recorded, {
      id: createId(),
      name: nextTestName(doc.tests, t("recordedTestName")),
    });
    const unrecorded: string[] = [];
    for (let attempt = 0; attempt <= doc.groups.length * 4 + 10; attempt++) {
      const outcome = await runTests([test]);
      if (!outcome.ok) return setRecording({ isBusy: false, error: outcome.message });
      const failure = outcome.results[0]?.failure;
      const blockId = failure?.code === "MISSING_STUB" ? failure.blockId : null;
      if (!failure || !blockId || test.stubs.some((stub) => stub.blockId === blockId)) break;
      const stub = recordStub(recorded, doc, blockId, getTurnOfStep(test, failure.stepIndex));
      if (!stub) break;
      if (!stub.isRecorded) {
        const found = findBlock(doc.groups, blockId);
        unrecorded.push(`${found ? blockLabel(found.block.type) : t("block")} ${blockId}`);
      }
      test = { ...test, stubs: [...test.stubs, stub.stub] };
    }
    const { apply, setTestNote, openTest } = store.getState();
    apply((current) => saveTest(current, test));
    if (unrecorded.length > 0) setTestNote(test.id, t("unrecordedStubs", { blocks: unrecorded.join(", ") }));
    openTest(test.id);
    setRecording({ isBusy: false, error: null });
  };

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
        {canEdit ? (
          <button
            type="button"
            onClick={() => void saveAsTest()}
            disabled={recording.isBusy}
            className="flex h-8 items-center gap-1.5 rounded-lg border border-line px-2.5 text-[13px] font-medium hover:bg-subtle disabled:opacity-60"
          >
            <FlaskConical size={14} aria-hidden /> {recording.isBusy ? t("saving") : t("saveAsTest")}
          </button>
        ) : null}
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
      {recording.error ? (
        <p role="alert" className="bg-danger-50 px-4 py-2 text-[13px] text-danger-600">
          {t("saveTestFailed", { reason: recording.error })}
        </p>
      ) : null}
      {refreshError ? (
        <p className="bg-warning-50 px-4 py-2 text-[13px] text-warning-600">
          {refreshError === "ended"
            ? t("refreshEnded")
            : refreshError === "failed"
              ? t("refreshFailed")
              : t("refreshUnreachable")}
        </p>
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
          onNewInput={(input) => {
            setTurns((current) => setPreviewInput(current, input));
            readVariables();
          }}
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
            {t("agentSteps", { count: agentTurns.length })}
          </summary>
          <div className="mt-2 flex flex-col gap-3">
            {agentTurns.map((steps, index) => (
              <section
                // biome-ignore lint/suspicious/noArrayIndexKey: turns are only appended
                key={index}
                aria-label={t("stepsOfAnswer", { number: index + 1 })}
                className="flex flex-col gap-1"
              >
                <h3 className="text-[12px] font-semibold text-muted">
                  {t("answerNumber", { number: index + 1 })}
                </h3>
                <AgentSteps steps={steps} />
              </section>
            ))}
          </div>
        </details>
      ) : null}
    </aside>
  );
}
