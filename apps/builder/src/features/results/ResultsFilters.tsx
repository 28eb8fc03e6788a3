"use client";

import { Search } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { cn } from "@/components/ui/cn";
import { inputClassName } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";

export interface ResultsFilterValues {
  status: "all" | "completed" | "inProgress";
  answerContains: string;
}

const statuses = [
  "all",
  "completed",
  "inProgress",
] as const satisfies readonly ResultsFilterValues["status"][];

export const noResultsFilters: ResultsFilterValues = { status: "all", answerContains: "" };

export function isFiltering(filters: ResultsFilterValues): boolean {
  return filters.status !== "all" || filters.answerContains.trim() !== "";
}

/** The list's and the export's query parameters of the filters (besides the period). */
export function toFilterInput(filters: ResultsFilterValues) {
  const text = filters.answerContains.trim();
  const isCompleted: "true" | "false" | undefined =
    filters.status === "all" ? undefined : filters.status === "completed" ? "true" : "false";
  return { ...(isCompleted ? { isCompleted } : {}), ...(text ? { answerContains: text } : {}) };
}

/** Completed or not, and a text the answers contain (applied once typing pauses). */
export function ResultsFilters({
  value,
  onChange,
}: {
  value: ResultsFilterValues;
  onChange: (value: ResultsFilterValues) => void;
}) {
  const t = useTranslations("ResultsFilters");
  const [text, setText] = useState(value.answerContains);
  useEffect(() => {
    if (text === value.answerContains) return;
    const timer = setTimeout(() => onChange({ ...value, answerContains: text }), 300);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <search className="flex flex-wrap items-center gap-2" aria-label={t("label")}>
      <Select
        aria-label={t("status")}
        value={value.status}
        onChange={(event) =>
          onChange({ ...value, status: statuses.find((status) => status === event.target.value) ?? "all" })
        }
        className="w-40"
      >
        <option value="all">{t("all")}</option>
        <option value="completed">{t("completed")}</option>
        <option value="inProgress">{t("notCompleted")}</option>
      </Select>
      <div className="relative w-64">
        <Search
          size={14}
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-faint"
        />
        <input
          type="search"
          aria-label={t("answerContains")}
          placeholder={t("answerContainsPlaceholder")}
          maxLength={200}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={cn(inputClassName, "h-9 pl-8")}
        />
      </div>
    </search>
  );
}
