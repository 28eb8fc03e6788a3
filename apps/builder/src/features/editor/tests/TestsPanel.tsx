"use client";

import type { BotTest, BotTestResult } from "@parley/schemas";
import { FlaskConical, Pencil, Play, Plus, Trash2, X } from "lucide-react";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";
import { createId } from "../createId";
import { deleteTest, nextTestName, saveTest } from "../document/tests";
import { useDocument, useEditor, useEditorStore } from "../store/EditorStoreContext";
import { TestEditor } from "./TestEditor";
import { TestResultView } from "./TestResultView";
import { useRunBotTests } from "./useRunBotTests";

/**
 * The bot's tests beside the canvas: the list with each test's last result (the first difference of a failed one),
 * run one or all on the saved draft, create, edit, delete. Tests are part of the document: undo and autosave
 * cover them as they cover the flow.
 */
export function TestsPanel({
  botId,
  canEdit,
  flush,
}: {
  botId: string;
  canEdit: boolean;
  flush: () => void;
}) {
  const t = useTranslations("Tests");
  const store = useEditorStore();
  const tests = useDocument((doc) => doc.tests);
  const runs = useEditor((state) => state.testRuns);
  const notes = useEditor((state) => state.testNotes);
  const openedTestId = useEditor((state) => state.openedTestId);
  const runTests = useRunBotTests(botId, flush);
  const [runningIds, setRunningIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<BotTest | null>(null);
  const opened = tests.find((test) => test.id === openedTestId) ?? null;

  const run = async (toRun: BotTest[]) => {
    setError(null);
    setRunningIds(toRun.map((test) => test.id));
    const outcome = await runTests(toRun);
    setRunningIds([]);
    if (!outcome.ok) setError(outcome.message);
  };
  const create = () => {
    const test: BotTest = {
      id: createId(),
      name: nextTestName(tests, t("defaultName")),
      steps: [],
      stubs: [],
    };
    store.getState().apply((doc) => saveTest(doc, test));
    store.getState().openTest(test.id);
  };
  const summary = summarize(tests, runs, t);

  return (
    <aside
      aria-label={t("title")}
      data-testid="tests-panel"
      className="pointer-events-auto flex w-[440px] shrink-0 flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-popover"
    >
      <header className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
        <div>
          <h2 className="font-semibold">{t("title")}</h2>
          <p className="text-[12px] text-muted" data-testid="tests-summary">
            {summary}
          </p>
        </div>
        <button
          type="button"
          aria-label={t("close")}
          onClick={() => store.getState().openPanel(null)}
          className="rounded-md p-1.5 text-muted hover:bg-subtle hover:text-ink"
        >
          <X size={16} />
        </button>
      </header>
      {opened ? (
        <TestEditor
          key={opened.id}
          test={opened}
          canEdit={canEdit}
          result={runs[opened.id] ?? null}
          note={notes[opened.id] ?? null}
          isRunning={runningIds.includes(opened.id)}
          onRun={(test) => void run([test])}
          onBack={() => store.getState().openTest(null)}
        />
      ) : (
        <>
          <div className="flex gap-2 border-b border-line p-3">
            {canEdit ? (
              <Button size="sm" onClick={create}>
                <Plus size={14} aria-hidden /> {t("newTest")}
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="primary"
              disabled={tests.length === 0 || runningIds.length > 0}
              onClick={() => void run(tests)}
            >
              <Play size={14} aria-hidden /> {runningIds.length > 1 ? t("running") : t("runAll")}
            </Button>
          </div>
          {error ? (
            <p role="alert" className="px-4 pt-2 text-[13px] text-danger-600">
              {error}
            </p>
          ) : null}
          <div className="flex-1 overflow-y-auto p-3">
            {tests.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-[13px] text-muted">
                <FlaskConical size={20} aria-hidden />
                <p>{t("empty")}</p>
              </div>
            ) : (
              <ul className="flex flex-col gap-2">
                {tests.map((test) => (
                  <TestRow
                    key={test.id}
                    test={test}
                    result={runs[test.id] ?? null}
                    note={notes[test.id] ?? null}
                    canEdit={canEdit}
                    isRunning={runningIds.includes(test.id)}
                    onRun={() => void run([test])}
                    onOpen={() => store.getState().openTest(test.id)}
                    onDelete={() => setDeleting(test)}
                  />
                ))}
              </ul>
            )}
          </div>
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t("deleteTitle", { name: deleting?.name ?? "" })}
        description={t("deleteDescription")}
        confirmLabel={t("delete")}
        onConfirm={() => {
          if (deleting) store.getState().apply((doc) => deleteTest(doc, deleting.id));
          setDeleting(null);
        }}
      />
    </aside>
  );
}

function TestRow({
  test,
  result,
  note,
  canEdit,
  isRunning,
  onRun,
  onOpen,
  onDelete,
}: {
  test: BotTest;
  result: BotTestResult | null;
  note: string | null;
  canEdit: boolean;
  isRunning: boolean;
  onRun: () => void;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations("Tests");
  return (
    <li
      className="flex flex-col gap-2 rounded-lg border border-line p-3"
      data-testid="test-row"
      aria-label={t("testNamed", { name: test.name })}
    >
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate font-medium">{test.name}</span>
        <TestStatusBadge result={result} isRunning={isRunning} />
        <button
          type="button"
          aria-label={t("runNamed", { name: test.name })}
          disabled={isRunning}
          onClick={onRun}
          className="rounded-md p-1.5 text-muted hover:bg-subtle hover:text-ink disabled:opacity-60"
        >
          <Play size={14} aria-hidden />
        </button>
        <button
          type="button"
          aria-label={canEdit ? t("editNamed", { name: test.name }) : t("openNamed", { name: test.name })}
          onClick={onOpen}
          className="rounded-md p-1.5 text-muted hover:bg-subtle hover:text-ink"
        >
          <Pencil size={14} aria-hidden />
        </button>
        {canEdit ? (
          <button
            type="button"
            aria-label={t("deleteNamed", { name: test.name })}
            onClick={onDelete}
            className="rounded-md p-1.5 text-muted hover:bg-danger-50 hover:text-danger-600"
          >
            <Trash2 size={14} aria-hidden />
          </button>
        ) : null}
      </div>
      <p className="text-[12px] text-muted">
        {t("counts", { steps: test.steps.length, stubs: test.stubs.length })}
      </p>
      {note ? <p className="text-[12px] text-warning-600">{note}</p> : null}
      {result?.status === "failed" ? <TestResultView test={test} result={result} /> : null}
    </li>
  );
}

export function TestStatusBadge({ result, isRunning }: { result: BotTestResult | null; isRunning: boolean }) {
  const t = useTranslations("Tests");
  if (isRunning) return <Badge>{t("running")}</Badge>;
  if (!result) return <Badge>{t("notRun")}</Badge>;
  return result.status === "passed" ? (
    <Badge tone="success">{t("passed")}</Badge>
  ) : (
    <Badge tone="danger">{t("failed")}</Badge>
  );
}

function summarize(
  tests: readonly BotTest[],
  runs: Record<string, BotTestResult>,
  t: InterfaceTranslator<"Tests">,
): string {
  if (tests.length === 0) return t("none");
  const results = tests.flatMap((test) => (runs[test.id] ? [runs[test.id]] : []));
  const failed = results.filter((result) => result?.status === "failed").length;
  if (results.length === 0) return t("count", { count: tests.length });
  return results.length < tests.length
    ? t("summaryNotRun", {
        count: tests.length,
        passed: results.length - failed,
        failed,
        notRun: tests.length - results.length,
      })
    : t("summary", { count: tests.length, passed: results.length - failed, failed });
}
