"use client";

import { getCellValue, type ResultColumn, type ResultRow } from "@parley/schemas/management/getResultColumns";
import { GripVertical } from "lucide-react";
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { cn } from "@/components/ui/cn";
import { useDateFormat } from "@/lib/useDateFormat";
import { type ColumnPreferences, maxColumnWidth, minColumnWidth } from "./useColumnPreferences";

export type ListedResult = ResultRow & { id: string; createdAt: string; isCompleted: boolean };

const checkboxWidth = 40;
const dateWidth = 190;
const statusWidth = 130;
const resizeStep = 20;

/**
 * Results newest first, one column per answer/variable in the author's saved order, width
 * and visibility; rows are selectable, a click opens the result; reaching the bottom loads
 * the next page. Authors who may edit drag a header onto another to move it, and drag (or
 * press the arrow keys on) its right edge to resize it.
 */
export function ResultsTable({
  columns,
  layout,
  canArrange,
  results,
  selected,
  onSelectedChange,
  onOpen,
  hasMore,
  isLoadingMore,
  onLoadMore,
}: {
  columns: ResultColumn[];
  layout: ColumnPreferences;
  canArrange: boolean;
  results: ListedResult[];
  selected: Set<string>;
  onSelectedChange: (selected: Set<string>) => void;
  onOpen: (resultId: string) => void;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
}) {
  const t = useTranslations("ResultsTable");
  const dates = useDateFormat();
  const sentinel = useRef<HTMLTableRowElement>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  /** The width of the column being resized, while the pointer is down (saved on release). */
  const [resizing, setResizing] = useState<{ id: string; width: number } | null>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isLoadingMore) onLoadMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, isLoadingMore, onLoadMore]);

  const widthOf = (id: string) => (resizing?.id === id ? resizing.width : layout.widthOf(id));
  const tableWidth =
    checkboxWidth + dateWidth + statusWidth + columns.reduce((sum, column) => sum + widthOf(column.id), 0);
  const isAllSelected = results.length > 0 && results.every((result) => selected.has(result.id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedChange(next);
  };
  const dropOn = (targetId: string) => {
    if (dragged && dragged !== targetId) {
      layout.move(
        dragged,
        layout.ordered.findIndex((column) => column.id === targetId),
      );
    }
    setDragged(null);
    setDropTarget(null);
  };
  const startResize = (column: ResultColumn, event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    const startX = event.clientX;
    const startWidth = layout.widthOf(column.id);
    const handle = event.currentTarget;
    handle.setPointerCapture(event.pointerId);
    let width = startWidth;
    const onMove = (move: globalThis.PointerEvent) => {
      width = Math.max(minColumnWidth, Math.min(maxColumnWidth, startWidth + move.clientX - startX));
      setResizing({ id: column.id, width });
    };
    const onUp = () => {
      handle.removeEventListener("pointermove", onMove);
      handle.removeEventListener("pointerup", onUp);
      handle.removeEventListener("pointercancel", onUp);
      setResizing(null);
      if (width !== startWidth) layout.resize(column.id, width);
    };
    handle.addEventListener("pointermove", onMove);
    handle.addEventListener("pointerup", onUp);
    handle.addEventListener("pointercancel", onUp);
  };
  const resizeWithKeys = (column: ResultColumn, event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === "ArrowRight" ? resizeStep : event.key === "ArrowLeft" ? -resizeStep : 0;
    if (step === 0) return;
    event.preventDefault();
    layout.resize(column.id, layout.widthOf(column.id) + step);
  };
  const headerClass =
    "border-b border-line bg-subtle px-3 py-2 text-[12px] font-semibold tracking-wide whitespace-nowrap text-muted uppercase";
  const cellClass = "border-b border-line px-3 py-2.5 align-top";

  return (
    <div className="overflow-x-auto rounded-card border border-line bg-surface shadow-card">
      <table
        className="table-fixed border-collapse text-left"
        style={{ width: tableWidth }}
        aria-label={t("label")}
      >
        <colgroup>
          <col style={{ width: checkboxWidth }} />
          <col style={{ width: dateWidth }} />
          {columns.map((column) => (
            <col key={column.id} style={{ width: widthOf(column.id) }} />
          ))}
          <col style={{ width: statusWidth }} />
        </colgroup>
        <thead className="sticky top-0 z-10">
          <tr>
            <th className="border-b border-line bg-subtle px-3 py-2">
              <input
                type="checkbox"
                aria-label={t("selectAll")}
                className="accent-brand-600"
                checked={isAllSelected}
                onChange={() =>
                  onSelectedChange(isAllSelected ? new Set() : new Set(results.map((result) => result.id)))
                }
              />
            </th>
            <th className={headerClass}>{t("submittedAt")}</th>
            {columns.map((column) => (
              <th
                key={column.id}
                data-column-id={column.id}
                draggable={canArrange}
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("text/plain", column.id);
                  setDragged(column.id);
                }}
                onDragOver={(event) => {
                  if (!dragged) return;
                  event.preventDefault();
                  setDropTarget(column.id);
                }}
                onDragLeave={() => setDropTarget((current) => (current === column.id ? null : current))}
                onDrop={(event) => {
                  event.preventDefault();
                  dropOn(column.id);
                }}
                onDragEnd={() => {
                  setDragged(null);
                  setDropTarget(null);
                }}
                className={cn(
                  headerClass,
                  "relative",
                  canArrange && "cursor-grab",
                  dragged === column.id && "opacity-50",
                  dropTarget === column.id && dragged !== column.id && "bg-brand-50 text-brand-700",
                )}
              >
                <span className="flex items-center gap-1 overflow-hidden">
                  {canArrange ? <GripVertical size={12} aria-hidden className="shrink-0 text-faint" /> : null}
                  <span className="truncate">{column.header}</span>
                </span>
                {canArrange ? (
                  // biome-ignore lint/a11y/useSemanticElements: an <hr> cannot be dragged or focused; WAI-ARIA's focusable separator is the pattern for a splitter
                  <div
                    role="separator"
                    aria-orientation="vertical"
                    aria-label={t("resize", { column: column.header })}
                    aria-valuemin={80}
                    aria-valuemax={800}
                    aria-valuenow={widthOf(column.id)}
                    tabIndex={0}
                    draggable={false}
                    onDragStart={(event) => event.preventDefault()}
                    onPointerDown={(event) => startResize(column, event)}
                    onKeyDown={(event) => resizeWithKeys(column, event)}
                    className="absolute top-0 right-0 h-full w-2 cursor-col-resize touch-none border-r-2 border-transparent hover:border-brand-500 focus-visible:border-brand-500 focus-visible:outline-none"
                  />
                ) : null}
              </th>
            ))}
            <th className={headerClass}>{t("status")}</th>
          </tr>
        </thead>
        <tbody>
          {results.map((result) => (
            <tr
              key={result.id}
              className={cn("cursor-pointer hover:bg-subtle/60", selected.has(result.id) && "bg-brand-50/60")}
              onClick={(event) => {
                // The checkbox and the date button handle their own clicks.
                if (!(event.target instanceof Element && event.target.closest("input, button")))
                  onOpen(result.id);
              }}
            >
              <td className={cellClass}>
                <input
                  type="checkbox"
                  aria-label={t("select", { time: dates.dateTime(result.createdAt) })}
                  className="accent-brand-600"
                  checked={selected.has(result.id)}
                  onChange={() => toggle(result.id)}
                />
              </td>
              <td className={cn(cellClass, "whitespace-nowrap")}>
                <button
                  type="button"
                  className="text-left font-medium text-brand-600 hover:underline"
                  onClick={() => onOpen(result.id)}
                >
                  {dates.dateTime(result.createdAt)}
                </button>
              </td>
              {columns.map((column) => (
                <td key={column.id} className={cellClass}>
                  <span className="line-clamp-2 break-words">{getCellValue(column, result)}</span>
                </td>
              ))}
              <td className={cellClass}>
                {result.isCompleted ? (
                  <Badge tone="success">{t("completed")}</Badge>
                ) : (
                  <Badge>{t("inProgress")}</Badge>
                )}
              </td>
            </tr>
          ))}
          {hasMore ? (
            <tr ref={sentinel}>
              <td colSpan={columns.length + 3} className="px-3 py-3 text-center text-muted">
                <button
                  type="button"
                  className="hover:text-ink"
                  onClick={onLoadMore}
                  disabled={isLoadingMore}
                >
                  {isLoadingMore ? t("loadingMore") : t("loadMore")}
                </button>
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
