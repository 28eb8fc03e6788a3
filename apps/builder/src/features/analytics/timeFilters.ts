export const timeFilters = [
  "today",
  "last7Days",
  "last30Days",
  "monthToDate",
  "lastMonth",
  "yearToDate",
  "allTime",
] as const;
export type TimeFilter = (typeof timeFilters)[number];

/**
 * The period of the results page: a preset, or a custom range of calendar days (both inclusive); and, for a bot
 * with several languages, the one visitor language shown (absent: all).
 */
export type RangeSelection = ({ timeFilter: TimeFilter } | { from: string; to: string }) & {
  language?: string;
};

/** The browser's IANA time zone, so "today" is the author's today. */
export function getBrowserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** The range parameters of the API's analytics and results (`timeFilter`, or `from`/`to`), in the author's zone. */
/** The period of a selection, every language. */
export function periodOf(selection: RangeSelection): RangeSelection {
  return "from" in selection
    ? { from: selection.from, to: selection.to }
    : { timeFilter: selection.timeFilter };
}

export function toRangeInput(selection: RangeSelection) {
  const { language, ...period } = selection;
  return { ...period, ...(language ? { language } : {}), timeZone: getBrowserTimeZone() };
}

/** A local calendar day as `YYYY-MM-DD`, `offset` days from today. */
export function localDate(offset = 0, now = new Date()): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}
