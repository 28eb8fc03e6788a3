const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.35],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

/** "3 minutes ago", "yesterday", "in 2 days" relative to `now`, in `locale` (the interface language). */
export function formatRelativeTime(iso: string, now: Date = new Date(), locale = "en"): string {
  const relativeFormat = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  let value = (new Date(iso).getTime() - now.getTime()) / 1000;
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return relativeFormat.format(Math.round(value), unit);
    value /= size;
  }
  return relativeFormat.format(Math.round(value), "year");
}

/** A date and time in the browser's time zone, written in `locale` (the browser's when not given). */
export function formatDateTime(iso: string, locale?: string): string {
  return new Date(iso).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
}

export function formatDate(iso: string, locale?: string): string {
  return new Date(iso).toLocaleDateString(locale, { dateStyle: "medium" });
}
