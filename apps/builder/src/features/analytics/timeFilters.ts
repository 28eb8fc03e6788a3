export const timeFilterOptions = [
  { value: "today", label: "Today" },
  { value: "last7Days", label: "Last 7 days" },
  { value: "last30Days", label: "Last 30 days" },
  { value: "monthToDate", label: "This month" },
  { value: "lastMonth", label: "Last month" },
  { value: "yearToDate", label: "This year" },
  { value: "allTime", label: "All time" },
] as const;
export type TimeFilter = (typeof timeFilterOptions)[number]["value"];

/** The browser's IANA time zone, so "today" is the author's today. */
export function getBrowserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
