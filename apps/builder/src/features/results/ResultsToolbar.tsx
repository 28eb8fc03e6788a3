"use client";

import { Download, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { type ExportProgress, exportPercent } from "./readCsvExport";

/** Export and delete, acting on the selection when there is one, else on every result. */
export function ResultsToolbar({
  loadedCount,
  hasMore,
  selectedCount,
  canEdit,
  isFiltered,
  exportProgress,
  onExport,
  onDelete,
  onClearSelection,
  columnsMenu,
}: {
  loadedCount: number;
  hasMore: boolean;
  selectedCount: number;
  canEdit: boolean;
  /** Whether filters narrow the results (the export then holds those that match). */
  isFiltered: boolean;
  /** While an export runs: the rows received of the total. */
  exportProgress: ExportProgress | null;
  onExport: () => void;
  onDelete: () => void;
  onClearSelection: () => void;
  /** The columns menu, for those who may change the layout. */
  columnsMenu: ReactNode;
}) {
  const t = useTranslations("ResultsToolbar");
  const scope = selectedCount > 0 ? "selected" : "all";
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-muted" role="status">
        {selectedCount > 0 ? (
          <>
            {t("selected", { count: selectedCount })} ·{" "}
            <button
              type="button"
              className="font-medium text-brand-600 hover:underline"
              onClick={onClearSelection}
            >
              {t("clear")}
            </button>
          </>
        ) : hasMore ? (
          t("countMore", { count: loadedCount })
        ) : (
          t("count", { count: loadedCount })
        )}
      </p>
      <div className="flex items-center gap-2">
        {columnsMenu}
        {exportProgress ? (
          <progress
            className="h-2 w-32 accent-brand-600"
            aria-label={t("exportProgress")}
            max={Math.max(1, exportProgress.total)}
            value={exportProgress.done}
          />
        ) : null}
        <Button onClick={onExport} disabled={exportProgress !== null || loadedCount === 0}>
          <Download size={14} aria-hidden />
          {exportProgress
            ? t("exporting", { percent: exportPercent(exportProgress) / 100 })
            : scope === "selected"
              ? t("exportSelected")
              : isFiltered
                ? t("exportMatching")
                : t("exportAll")}
        </Button>
        {canEdit ? (
          <Button variant="danger" onClick={onDelete} disabled={loadedCount === 0}>
            <Trash2 size={14} aria-hidden />
            {scope === "selected" ? t("deleteSelected") : t("deleteAll")}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
