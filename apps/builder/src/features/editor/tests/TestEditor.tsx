"use client";

import {
  type BotTest,
  type BotTestResult,
  type BotTestStep,
  botTestSchema,
  inputBlockTypes,
} from "@parley/schemas";
import { ArrowDown, ArrowLeft, ArrowUp, Play, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { cn } from "@/components/ui/cn";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";
import { saveTest } from "../document/tests";
import { useDocument, useEditorStore } from "../store/EditorStoreContext";
import { TestResultView } from "./TestResultView";
import { TestStatusBadge } from "./TestsPanel";
import { createStep, getStepTypeLabels, type StepType, stepTypes } from "./testSteps";

const fieldClass =
  "h-8 w-full min-w-0 rounded-md border border-line px-2 text-[13px] focus:border-brand-500 focus:outline-none";

/**
 * One test by hand: its name, its steps in order (what the visitor does, what the bot must do) and its stubs (the
 * answers of outside calls, as JSON). A valid test is saved with the flow at each change; while a field makes it
 * invalid, the problem is shown and the saved test stays as it was.
 */
export function TestEditor({
  test,
  canEdit,
  result,
  note,
  isRunning,
  onRun,
  onBack,
}: {
  test: BotTest;
  canEdit: boolean;
  result: BotTestResult | null;
  note: string | null;
  isRunning: boolean;
  onRun: (test: BotTest) => void;
  onBack: () => void;
}) {
  const t = useTranslations("Tests");
  const stepTypeLabels = getStepTypeLabels(t);
  const store = useEditorStore();
  const variables = useDocument((doc) => doc.variables);
  const groups = useDocument((doc) => doc.groups);
  const [draft, setDraft] = useState<BotTest>(test);
  const [stubsText, setStubsText] = useState(() => JSON.stringify(test.stubs, null, 2));
  const [problems, setProblems] = useState<string[]>([]);
  const [newStepType, setNewStepType] = useState<StepType>("text");
  const listId = useId();

  const change = (next: BotTest) => {
    setDraft(next);
    const parsed = botTestSchema.safeParse(next);
    if (!parsed.success) {
      setProblems(parsed.error.issues.map((issue) => `${describePath(issue.path, t)}: ${issue.message}`));
      return;
    }
    setProblems([]);
    store.getState().apply((doc) => saveTest(doc, parsed.data), { coalesceKey: `test:${test.id}` });
  };
  const changeStep = (index: number, step: BotTestStep) =>
    change({
      ...draft,
      steps: draft.steps.map((current, position) => (position === index ? step : current)),
    });
  const moveStep = (index: number, by: -1 | 1) => {
    const steps = [...draft.steps];
    const [moved] = steps.splice(index, 1);
    if (!moved) return;
    steps.splice(index + by, 0, moved);
    change({ ...draft, steps });
  };
  const changeStubs = (text: string) => {
    setStubsText(text);
    try {
      const stubs = JSON.parse(text === "" ? "[]" : text) as BotTest["stubs"];
      change({ ...draft, stubs });
    } catch (error) {
      setProblems([t("stubsInvalid", { reason: error instanceof Error ? error.message : String(error) })]);
    }
  };
  const valid = botTestSchema.safeParse(draft);
  const failedStep = result?.status === "failed" ? result.failure?.stepIndex : undefined;

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="test-editor">
      <div className="flex items-center gap-2 border-b border-line p-3">
        <button
          type="button"
          onClick={onBack}
          aria-label={t("back")}
          className="rounded-md p-1.5 text-muted hover:bg-subtle hover:text-ink"
        >
          <ArrowLeft size={16} aria-hidden />
        </button>
        <input
          aria-label={t("name")}
          value={draft.name}
          readOnly={!canEdit}
          onChange={(event) => change({ ...draft, name: event.target.value })}
          className={cn(fieldClass, "flex-1 font-medium")}
        />
        <TestStatusBadge result={result} isRunning={isRunning} />
        <Button
          size="sm"
          variant="primary"
          disabled={isRunning || !valid.success}
          onClick={() => valid.success && onRun(valid.data)}
        >
          <Play size={14} aria-hidden /> {t("run")}
        </Button>
      </div>
      <div className="flex flex-1 flex-col gap-3 overflow-y-auto p-3">
        {problems.length > 0 ? (
          <ul
            role="alert"
            className="list-disc rounded-md bg-danger-50 py-2 pr-2 pl-6 text-[12px] text-danger-600"
          >
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
        {note ? <p className="text-[12px] text-warning-600">{note}</p> : null}
        {result?.status === "failed" ? <TestResultView test={draft} result={result} /> : null}
        <section aria-labelledby={`${listId}-steps`} className="flex flex-col gap-2">
          <h3 id={`${listId}-steps`} className="text-[13px] font-semibold">
            {t("steps")}
          </h3>
          {draft.steps.length === 0 ? <p className="text-[12px] text-muted">{t("stepsHint")}</p> : null}
          <ol className="flex flex-col gap-2">
            {draft.steps.map((step, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: steps have no id; their position is their identity
                key={index}
                data-testid="test-step"
                className={cn(
                  "flex flex-col gap-1.5 rounded-md border p-2",
                  failedStep === index ? "border-danger-600" : "border-line",
                )}
              >
                <div className="flex items-center gap-1">
                  <span className="w-6 text-[12px] text-muted">{index + 1}.</span>
                  <span className="flex-1 text-[12px] font-medium">{stepTypeLabels[step.type]}</span>
                  {canEdit ? (
                    <>
                      <IconButton
                        label={t("moveUp", { number: index + 1 })}
                        disabled={index === 0}
                        onClick={() => moveStep(index, -1)}
                      >
                        <ArrowUp size={13} aria-hidden />
                      </IconButton>
                      <IconButton
                        label={t("moveDown", { number: index + 1 })}
                        disabled={index === draft.steps.length - 1}
                        onClick={() => moveStep(index, 1)}
                      >
                        <ArrowDown size={13} aria-hidden />
                      </IconButton>
                      <IconButton
                        label={t("remove", { number: index + 1 })}
                        onClick={() =>
                          change({ ...draft, steps: draft.steps.filter((_, position) => position !== index) })
                        }
                      >
                        <Trash2 size={13} aria-hidden />
                      </IconButton>
                    </>
                  ) : null}
                </div>
                <StepFields
                  step={step}
                  index={index}
                  readOnly={!canEdit}
                  variableNames={variables.map((variable) => variable.name)}
                  groupTitles={groups.map((group) => group.title)}
                  onChange={(next) => changeStep(index, next)}
                />
              </li>
            ))}
          </ol>
          {canEdit ? (
            <div className="flex gap-2">
              <select
                aria-label={t("newStepKind")}
                value={newStepType}
                onChange={(event) => setNewStepType(event.target.value as StepType)}
                className={fieldClass}
              >
                {stepTypes.map((type) => (
                  <option key={type} value={type}>
                    {stepTypeLabels[type]}
                  </option>
                ))}
              </select>
              <Button
                size="sm"
                onClick={() => change({ ...draft, steps: [...draft.steps, createStep(newStepType)] })}
              >
                <Plus size={14} aria-hidden /> {t("addStep")}
              </Button>
            </div>
          ) : null}
        </section>
        <section className="flex flex-col gap-1">
          <label htmlFor={`${listId}-stubs`} className="text-[13px] font-semibold">
            {t("stubs")}
          </label>
          <p id={`${listId}-stubs-hint`} className="text-[12px] text-muted">
            {t("stubsHint")}
          </p>
          <textarea
            id={`${listId}-stubs`}
            aria-describedby={`${listId}-stubs-hint`}
            value={stubsText}
            readOnly={!canEdit}
            spellCheck={false}
            onChange={(event) => changeStubs(event.target.value)}
            rows={Math.min(16, Math.max(4, stubsText.split("\n").length))}
            className="w-full rounded-md border border-line p-2 font-mono text-[12px] focus:border-brand-500 focus:outline-none"
          />
        </section>
      </div>
    </div>
  );
}

function IconButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="rounded p-1 text-muted hover:bg-subtle hover:text-ink disabled:opacity-40"
    >
      {children}
    </button>
  );
}

/** The fields of one step, by its kind. */
function StepFields({
  step,
  index,
  readOnly,
  variableNames,
  groupTitles,
  onChange,
}: {
  step: BotTestStep;
  index: number;
  readOnly: boolean;
  variableNames: string[];
  groupTitles: string[];
  onChange: (step: BotTestStep) => void;
}) {
  const t = useTranslations("Tests");
  const label = (what: string) => t("stepField", { number: index + 1, field: what });
  const text = (what: string, value: string, set: (value: string) => void, placeholder?: string) => (
    <input
      aria-label={label(what)}
      value={value}
      readOnly={readOnly}
      placeholder={placeholder}
      onChange={(event) => set(event.target.value)}
      className={fieldClass}
    />
  );
  switch (step.type) {
    case "text":
      return text(t("fieldTextTyped"), step.text, (value) => onChange({ ...step, text: value }));
    case "choice":
      return text(t("fieldButtonLabel"), step.label, (value) => onChange({ ...step, label: value }));
    case "file":
      return text(
        t("fieldFileNames"),
        step.fileNames.join(", "),
        (value) => onChange({ ...step, fileNames: value.split(",").map((name) => name.trim()) }),
        "photo.png, invoice.pdf",
      );
    case "messageContains":
      return text(t("fieldContains"), step.text, (value) => onChange({ ...step, text: value }));
    case "messageMatches":
      return (
        <div className="flex gap-2">
          {text(
            t("fieldPattern"),
            step.pattern,
            (value) => onChange({ ...step, pattern: value }),
            "costs \\d+ a month",
          )}
          <input
            aria-label={label(t("fieldFlags"))}
            value={step.flags ?? ""}
            readOnly={readOnly}
            placeholder="i"
            onChange={(event) =>
              onChange(
                event.target.value === ""
                  ? { type: step.type, pattern: step.pattern }
                  : { ...step, flags: event.target.value },
              )
            }
            className={cn(fieldClass, "w-16")}
          />
        </div>
      );
    case "inputAsked":
      return (
        <select
          aria-label={label(t("fieldInputKind"))}
          value={step.inputType}
          disabled={readOnly}
          onChange={(event) => onChange({ ...step, inputType: event.target.value as typeof step.inputType })}
          className={fieldClass}
        >
          {inputBlockTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      );
    case "variableEquals":
      return (
        <div className="flex gap-2">
          <select
            aria-label={label(t("fieldVariable"))}
            value={step.variable}
            disabled={readOnly}
            onChange={(event) => onChange({ ...step, variable: event.target.value })}
            className={fieldClass}
          >
            <option value="">{t("chooseVariable")}</option>
            {[...new Set([step.variable, ...variableNames])].filter(Boolean).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          {text(t("fieldValue"), step.value, (value) => onChange({ ...step, value }))}
        </div>
      );
    case "groupReached":
      return (
        <select
          aria-label={label(t("fieldGroup"))}
          value={step.group}
          disabled={readOnly}
          onChange={(event) => onChange({ ...step, group: event.target.value })}
          className={fieldClass}
        >
          <option value="">{t("chooseGroup")}</option>
          {[...new Set([step.group, ...groupTitles])].filter(Boolean).map((title) => (
            <option key={title} value={title}>
              {title}
            </option>
          ))}
        </select>
      );
    case "conversationEnded":
      return null;
  }
}

function describePath(path: readonly PropertyKey[], t: InterfaceTranslator<"Tests">): string {
  if (path[0] === "steps" && typeof path[1] === "number") return t("stepNumber", { number: path[1] + 1 });
  if (path[0] === "stubs" && typeof path[1] === "number") return t("stubNumber", { number: path[1] + 1 });
  if (path[0] === "name") return t("nameField");
  return path.map(String).join(".") || t("test");
}
