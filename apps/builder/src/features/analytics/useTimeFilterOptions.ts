"use client";

import { useTranslations } from "use-intl";
import { type TimeFilter, timeFilters } from "./timeFilters";

/** The preset periods with their names in the interface language, in the order the pickers list them. */
export function useTimeFilterOptions(): { value: TimeFilter; label: string }[] {
  const t = useTranslations("TimeFilters");
  const labels: Record<TimeFilter, string> = {
    today: t("today"),
    last7Days: t("last7Days"),
    last30Days: t("last30Days"),
    monthToDate: t("monthToDate"),
    lastMonth: t("lastMonth"),
    yearToDate: t("yearToDate"),
    allTime: t("allTime"),
  };
  return timeFilters.map((value) => ({ value, label: labels[value] }));
}
