"use client";

import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import { inputClassName } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { localDate, type RangeSelection } from "./timeFilters";
import { useTimeFilterOptions } from "./useTimeFilterOptions";

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
  const t = useTranslations("RangePicker");
  const timeFilterOptions = useTimeFilterOptions();
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
        aria-label={t("period")}
        value={!isCustom && "timeFilter" in value ? value.timeFilter : "custom"}
        onChange={(event) => {
          if (event.target.value === "custom") {
            edit({ from: localDate(-6), to: localDate(0) });
            return;
          }
          setDraft(null);
          const chosen = timeFilterOptions.find((option) => option.value === event.target.value);
          if (chosen) onChange({ timeFilter: chosen.value });
        }}
        className="w-44"
      >
        {timeFilterOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        <option value="custom">{t("custom")}</option>
      </Select>
      {draft ? (
        <>
          <DayField
            label={t("from")}
            value={draft.from}
            max={draft.to || undefined}
            isReversed={isReversed}
            errorId={errorId}
            onChange={(from) => edit({ ...draft, from })}
          />
          <DayField
            label={t("to")}
            value={draft.to}
            min={draft.from || undefined}
            isReversed={isReversed}
            errorId={errorId}
            onChange={(to) => edit({ ...draft, to })}
          />
          {isReversed ? (
            <p id={errorId} role="alert" className="w-full text-[13px] text-danger-600">
              {t("reversed")}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** One day of the custom range, marked invalid (and pointing at the error) while the range is reversed. */
function DayField({
  label,
  value,
  min,
  max,
  isReversed,
  errorId,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  isReversed: boolean;
  errorId: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex items-center gap-1.5 text-[13px] text-muted">
      {label}
      <input
        type="date"
        value={value}
        min={min}
        max={max}
        aria-invalid={isReversed}
        aria-describedby={isReversed ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={cn(inputClassName, "h-9 w-40")}
      />
    </label>
  );
}
