"use client";

import { Download, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/Button";

/** Export and delete, acting on the selection when there is one, else on every result. */
export function ResultsToolbar({
  loadedCount,
  hasMore,
  selectedCount,
  canEdit,
  isExporting,
  onExport,
  onDelete,
  onClearSelection,
}: {
  loadedCount: number;
  hasMore: boolean;
  selectedCount: number;
  canEdit: boolean;
  isExporting: boolean;
  onExport: () => void;
  onDelete: () => void;
  onClearSelection: () => void;
}) {
  const scope = selectedCount > 0 ? "selected" : "all";
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-muted" role="status">
        {selectedCount > 0 ? (
          <>
            {selectedCount} selected ·{" "}
            <button
              type="button"
              className="font-medium text-brand-600 hover:underline"
              onClick={onClearSelection}
            >
              Clear
            </button>
          </>
        ) : (
          `${loadedCount}${hasMore ? "+" : ""} result${loadedCount === 1 ? "" : "s"}`
        )}
      </p>
      <div className="flex gap-2">
        <Button onClick={onExport} disabled={isExporting || loadedCount === 0}>
          <Download size={14} aria-hidden />
          {isExporting ? "Exporting…" : scope === "selected" ? "Export selected" : "Export all (CSV)"}
        </Button>
        {canEdit ? (
          <Button variant="danger" onClick={onDelete} disabled={loadedCount === 0}>
            <Trash2 size={14} aria-hidden />
            {scope === "selected" ? "Delete selected" : "Delete all"}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
