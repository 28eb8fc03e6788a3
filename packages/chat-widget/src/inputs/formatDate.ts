/**
 * Formats a local date with a Unicode TR35 pattern (the subset bot authors use: y, M, d,
 * E, H, h, m, s, a and quoted literals), month, day and day-period names in `locale` like the
 * server's stored answers (English when the input has no locale).
 */
export function formatDate(date: Date, pattern: string, locale = "en-US"): string {
  return pattern.replace(/'([^']*)'|y+|M+|d+|E+|H+|h+|m+|s+|a+/g, (token, literal: string | undefined) => {
    if (literal !== undefined) return literal === "" ? "'" : literal;
    const length = token.length;
    switch (token[0]) {
      case "y":
        return length === 2 ? String(date.getFullYear()).slice(-2) : String(date.getFullYear());
      case "M":
        if (length >= 4) return formatMonth(date, locale, "long");
        if (length === 3) return formatMonth(date, locale, "short");
        return pad(date.getMonth() + 1, length);
      case "d":
        return pad(date.getDate(), length);
      case "E":
        return date.toLocaleString(locale, { weekday: length >= 4 ? "long" : "short" });
      case "H":
        return pad(date.getHours(), length);
      case "h":
        return pad(date.getHours() % 12 || 12, length);
      case "m":
        return pad(date.getMinutes(), length);
      case "s":
        return pad(date.getSeconds(), length);
      case "a":
        return formatDayPeriod(date, locale);
      default:
        return token;
    }
  });
}

/** The month's name as a date writes it (beside a day: Russian "января", not the standalone "январь"). */
function formatMonth(date: Date, locale: string, width: "long" | "short"): string {
  const parts = new Intl.DateTimeFormat(locale, { day: "numeric", month: width }).formatToParts(date);
  const month = parts.find((part) => part.type === "month")?.value;
  // Chinese and Japanese write a day's month as a number beside 月: their standalone name says it whole.
  return month && !/^\d+$/.test(month) ? month : date.toLocaleString(locale, { month: width });
}

/** "AM"/"PM" in English, the locale's own words elsewhere ("م" in Arabic). */
export function formatDayPeriod(date: Date, locale = "en-US"): string {
  const english = date.getHours() < 12 ? "AM" : "PM";
  try {
    const parts = new Intl.DateTimeFormat(locale, { hour: "numeric", hour12: true }).formatToParts(date);
    return parts.find((part) => part.type === "dayPeriod")?.value ?? english;
  } catch {
    return english;
  }
}

function pad(value: number, length: number) {
  return String(value).padStart(Math.min(length, 2), "0");
}

/** A bound (`min`/`max` option: ISO date or date-time) as an ISO value (`2026-01-05`, `2026-01-05T00:00`). */
export function toDateFieldBound(value: string | undefined, hasTime: boolean): string | undefined {
  if (!value) return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}))?/.exec(value.trim());
  if (!match) return undefined;
  return hasTime ? `${match[1]}T${match[2] ?? "00:00"}` : match[1];
}
