"use client";

import { Badge } from "@/components/ui/Badge";
import { useEditor } from "../store/EditorStoreContext";
import { listPreviewVariableRows, type PreviewTurn } from "./previewTurns";

const statusTones = { error: "danger", success: "success", info: "neutral" } as const;

/** Per turn of the preview chat: every log the blocks reported and the variables before and after it. */
export function PreviewDebugger({ turns }: { turns: readonly PreviewTurn[] }) {
  const declared = useEditor((state) => state.history.present.variables);
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
        Logs and variables ({turns.length} {turns.length === 1 ? "turn" : "turns"}
        {errorCount > 0 ? `, ${errorCount} ${errorCount === 1 ? "error" : "errors"}` : ""})
      </summary>
      <ol className="mt-2 flex flex-col gap-3">
        {turns.map((turn, index) => {
          const rows = listPreviewVariableRows(turns, index, declared);
          const changed = rows.filter((row) => row.isChanged);
          const title = turn.answer === null ? "Start" : `After “${turn.answer}”`;
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: turns are only appended
              key={index}
              aria-label={`Turn ${index + 1}: ${title}`}
              className="flex flex-col gap-1.5"
            >
              <h3 className="text-[12px] font-semibold text-muted">
                {index + 1}. {title}
              </h3>
              {turn.logs.length === 0 ? (
                <p className="text-[13px] text-muted">No logs.</p>
              ) : (
                <ul className="flex flex-col gap-1">
                  {turn.logs.map((log, logIndex) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a turn's logs never change once received
                    <li key={logIndex} className="flex flex-col gap-0.5 text-[13px]">
                      <span className="flex items-start gap-2">
                        <Badge tone={statusTones[log.status]}>{log.status}</Badge>
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
                  <caption className="sr-only">Variables before and after turn {index + 1}</caption>
                  <thead>
                    <tr className="text-left text-[12px] text-muted">
                      <th scope="col" className="font-medium">
                        Variable
                      </th>
                      <th scope="col" className="font-medium">
                        Before
                      </th>
                      <th scope="col" className="font-medium">
                        After
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
                  {rows.length - changed.length} other variable{rows.length - changed.length === 1 ? "" : "s"}{" "}
                  unchanged.
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </details>
  );
}
