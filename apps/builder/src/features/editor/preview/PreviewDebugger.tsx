"use client";

import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { marksFromBlocks } from "../canvas/canvasMarks";
import { useBlockLabel } from "../catalogue/useBlockLabel";
import { useEditor, useEditorStore } from "../store/EditorStoreContext";
import { describePassedBlocks, listPreviewVariableRows, type PreviewTurn } from "./previewTurns";

const statusTones = { error: "danger", success: "success", info: "neutral" } as const;

/**
 * Per turn of the preview chat: the blocks it passed through (shown on the canvas on demand), every log the
 * blocks reported and the variables before and after it.
 */
export function PreviewDebugger({ turns }: { turns: readonly PreviewTurn[] }) {
  const t = useTranslations("PreviewDebugger");
  const blockLabel = useBlockLabel();
  const statusLabels = { error: t("error"), success: t("success"), info: t("info") } as const;
  const store = useEditorStore();
  const declared = useEditor((state) => state.history.present.variables);
  const groups = useEditor((state) => state.history.present.groups);
  const shownTurn = useEditor((state) => (state.canvasMarks?.source === "turn" ? state.canvasMarks : null));
  const errorCount = turns.reduce(
    (count, turn) => count + turn.logs.filter((log) => log.status === "error").length,
    0,
  );
  return (
    <details
      data-testid="preview-debugger"
      className="max-h-[45%] overflow-y-auto border-t border-line px-4 py-2"
    >
      <summary className="cursor-pointer text-[13px] font-medium">
        {errorCount > 0
          ? t("summaryWithErrors", { turns: turns.length, errors: errorCount })
          : t("summary", { turns: turns.length })}
      </summary>
      <ol className="mt-2 flex flex-col gap-3">
        {turns.map((turn, index) => {
          const rows = listPreviewVariableRows(turns, index, declared);
          const changed = rows.filter((row) => row.isChanged);
          const title = turn.answer === null ? t("start") : t("after", { answer: turn.answer });
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: turns are only appended
              key={index}
              aria-label={t("turn", { number: index + 1, title })}
              className="flex flex-col gap-1.5"
            >
              <h3 className="text-[12px] font-semibold text-muted">
                {index + 1}. {title}
              </h3>
              {turn.blockIds.length > 0 ? (
                <div className="flex flex-col gap-1 text-[13px]">
                  <div className="flex items-center gap-2">
                    <span className="flex-1 text-muted">
                      {t("passedThrough", { count: turn.blockIds.length })}
                    </span>
                    <button
                      type="button"
                      aria-pressed={shownTurn !== null && isSameTurn(shownTurn.byId, turn)}
                      onClick={() =>
                        store
                          .getState()
                          .setCanvasMarks(
                            shownTurn && isSameTurn(shownTurn.byId, turn)
                              ? null
                              : marksFromBlocks(turn.blockIds),
                          )
                      }
                      className="rounded-md border border-line px-2 py-0.5 text-[12px] font-medium hover:bg-subtle aria-pressed:border-brand-500 aria-pressed:bg-brand-50 aria-pressed:text-brand-700"
                    >
                      {t("showOnCanvas")}
                    </button>
                  </div>
                  <ol className="flex flex-col gap-0.5" aria-label={t("blocksOfTurn", { number: index + 1 })}>
                    {describePassedBlocks(turn.blockIds, groups).map((block) => (
                      <li key={block.id} className="truncate">
                        {block.type === null
                          ? t("deletedBlock")
                          : `${block.groupTitle} › ${blockLabel(block.type)}`}
                      </li>
                    ))}
                  </ol>
                </div>
              ) : null}
              {turn.logs.length === 0 ? (
                <p className="text-[13px] text-muted">{t("noLogs")}</p>
              ) : (
                <ul className="flex flex-col gap-1">
                  {turn.logs.map((log, logIndex) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a turn's logs never change once received
                    <li key={logIndex} className="flex flex-col gap-0.5 text-[13px]">
                      <span className="flex items-start gap-2">
                        <Badge tone={statusTones[log.status]}>{statusLabels[log.status]}</Badge>
                        <span className="min-w-0 flex-1 break-words">{log.description}</span>
                      </span>
                      {log.details ? (
                        <pre className="max-h-32 overflow-auto rounded-md bg-subtle p-1.5 text-[12px] whitespace-pre-wrap break-words">
                          {log.details}
                        </pre>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
              {turn.variablesAfter === null ? null : (
                <table className="text-[13px]">
                  <caption className="sr-only">{t("variablesCaption", { number: index + 1 })}</caption>
                  <thead>
                    <tr className="text-left text-[12px] text-muted">
                      <th scope="col" className="font-medium">
                        {t("variable")}
                      </th>
                      <th scope="col" className="font-medium">
                        {t("before")}
                      </th>
                      <th scope="col" className="font-medium">
                        {t("afterColumn")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {(changed.length > 0 ? changed : rows).map((row) => (
                      <tr key={row.id} className={row.isChanged ? "font-medium" : "text-muted"}>
                        <th scope="row" className="pr-2 text-left font-normal">
                          {row.name}
                        </th>
                        <td className="pr-2 break-all">{row.before}</td>
                        <td className="break-all">{row.after}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {turn.variablesAfter !== null && changed.length > 0 && changed.length < rows.length ? (
                <p className="text-[12px] text-muted">
                  {t("unchanged", { count: rows.length - changed.length })}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </details>
  );
}

const isSameTurn = (shown: ReadonlyMap<string, unknown>, turn: PreviewTurn) =>
  shown.size === turn.blockIds.length && turn.blockIds.every((id) => shown.has(id));
