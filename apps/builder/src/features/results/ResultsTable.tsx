"use client";

import { getCellValue, type ResultColumn, type ResultRow } from "@parley/schemas/management/getResultColumns";
import { useEffect, useRef } from "react";
import { Badge } from "@/components/ui/Badge";
import { cn } from "@/components/ui/cn";
import { formatDateTime } from "@/lib/formatDate";

export type ListedResult = ResultRow & { id: string; createdAt: string; isCompleted: boolean };

/**
 * Results newest first, one column per answer/variable; rows are selectable, a click
 * opens the result; reaching the bottom loads the next page.
 */
export function ResultsTable({
  columns,
  results,
  selected,
  onSelectedChange,
  onOpen,
  hasMore,
  isLoadingMore,
  onLoadMore,
}: {
  columns: ResultColumn[];
  results: ListedResult[];
  selected: Set<string>;
  onSelectedChange: (selected: Set<string>) => void;
  onOpen: (resultId: string) => void;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
}) {
  const sentinel = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isLoadingMore) onLoadMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, isLoadingMore, onLoadMore]);

  const isAllSelected = results.length > 0 && results.every((result) => selected.has(result.id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedChange(next);
  };
  const cellClass = "border-b border-line px-3 py-2.5 align-top";

  return (
    <div className="overflow-x-auto rounded-card border border-line bg-surface shadow-card">
      <table className="w-full border-collapse text-left" aria-label="Results">
        <thead className="sticky top-0 z-10">
          <tr>
            <th className="w-10 border-b border-line bg-subtle px-3 py-2">
              <input
                type="checkbox"
                aria-label="Select all loaded results"
                className="accent-brand-600"
                checked={isAllSelected}
                onChange={() =>
                  onSelectedChange(isAllSelected ? new Set() : new Set(results.map((result) => result.id)))
                }
              />
            </th>
            {["Submitted at", ...columns.map((column) => column.header), "Status"].map((header) => (
              <th
                key={header}
                className="border-b border-line bg-subtle px-3 py-2 text-[12px] font-semibold tracking-wide whitespace-nowrap text-muted uppercase"
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {results.map((result) => (
            <tr
              key={result.id}
              className={cn("cursor-pointer hover:bg-subtle/60", selected.has(result.id) && "bg-brand-50/60")}
              onClick={(event) => {
                // The checkbox and the date button handle their own clicks.
                if (!(event.target as HTMLElement).closest("input, button")) onOpen(result.id);
              }}
            >
              <td className={cellClass}>
                <input
                  type="checkbox"
                  aria-label={`Select the result of ${formatDateTime(result.createdAt)}`}
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
                  {formatDateTime(result.createdAt)}
                </button>
              </td>
              {columns.map((column) => (
                <td key={column.id} className={cellClass}>
                  <span className="line-clamp-2 max-w-64 break-words">{getCellValue(column, result)}</span>
                </td>
              ))}
              <td className={cellClass}>
                {result.isCompleted ? <Badge tone="success">Completed</Badge> : <Badge>In progress</Badge>}
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
                  {isLoadingMore ? "Loading more results…" : "Load more"}
                </button>
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
