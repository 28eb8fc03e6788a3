"use client";

import { useId, useState } from "react";
import { cn } from "@/components/ui/cn";
import { inputClassName } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { localDate, type RangeSelection, type TimeFilter, timeFilterOptions } from "./timeFilters";

/**
 * The period of the analytics and the results: a preset, or "Custom range" with a first and
 * a last day (both included). A custom range whose start is after its end is not applied.
 */
export function RangePicker({
  value,
  onChange,
}: {
  value: RangeSelection;
  onChange: (selection: RangeSelection) => void;
}) {
  const errorId = useId();
  const [draft, setDraft] = useState<{ from: string; to: string } | null>(
    "from" in value ? { from: value.from, to: value.to } : null,
  );
  const isCustom = "from" in value || draft !== null;
  const isReversed = draft !== null && draft.from !== "" && draft.to !== "" && draft.from > draft.to;
  const edit = (next: { from: string; to: string }) => {
    setDraft(next);
    if (next.from && next.to && next.from <= next.to) onChange(next);
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Select
        aria-label="Period"
        value={isCustom ? "custom" : (value as { timeFilter: TimeFilter }).timeFilter}
        onChange={(event) => {
          if (event.target.value === "custom") {
            edit({ from: localDate(-6), to: localDate(0) });
            return;
          }
          setDraft(null);
          onChange({ timeFilter: event.target.value as TimeFilter });
        }}
        className="w-44"
      >
        {timeFilterOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        <option value="custom">Custom range</option>
      </Select>
      {isCustom && draft ? (
        <>
          <label className="flex items-center gap-1.5 text-[13px] text-muted">
            From
            <input
              type="date"
              value={draft.from}
              max={draft.to || undefined}
              aria-invalid={isReversed}
              aria-describedby={isReversed ? errorId : undefined}
              onChange={(event) => edit({ ...draft, from: event.target.value })}
              className={cn(inputClassName, "h-9 w-40")}
            />
          </label>
          <label className="flex items-center gap-1.5 text-[13px] text-muted">
            To
            <input
              type="date"
              value={draft.to}
              min={draft.from || undefined}
              aria-invalid={isReversed}
              aria-describedby={isReversed ? errorId : undefined}
              onChange={(event) => edit({ ...draft, to: event.target.value })}
              className={cn(inputClassName, "h-9 w-40")}
            />
          </label>
          {isReversed ? (
            <p id={errorId} role="alert" className="w-full text-[13px] text-danger-600">
              The first day must not be after the last one.
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
