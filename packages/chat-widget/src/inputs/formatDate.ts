/**
 * Formats a local date with a Unicode TR35 pattern (the subset bot authors use: y, M, d,
 * E, H, h, m, s, a and quoted literals), in English like the server's stored answers.
 */
export function formatDate(date: Date, pattern: string, locale = "en-US"): string {
  return pattern.replace(/'([^']*)'|y+|M+|d+|E+|H+|h+|m+|s+|a+/g, (token, literal: string | undefined) => {
    if (literal !== undefined) return literal === "" ? "'" : literal;
    const length = token.length;
    switch (token[0]) {
      case "y":
        return length === 2 ? String(date.getFullYear()).slice(-2) : String(date.getFullYear());
      case "M":
        if (length >= 4) return date.toLocaleString(locale, { month: "long" });
        if (length === 3) return date.toLocaleString(locale, { month: "short" });
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
        return date.getHours() < 12 ? "AM" : "PM";
      default:
        return token;
    }
  });
}

function pad(value: number, length: number) {
  return String(value).padStart(Math.min(length, 2), "0");
}

/** A `yyyy-MM-dd` or `yyyy-MM-ddTHH:mm` value of a date/datetime-local field as a local Date. */
export function parseDateFieldValue(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hours = "0", minutes = "0"] = match;
  const date = new Date(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A bound (`min`/`max` option: ISO date or date-time) as the value format of the field. */
export function toDateFieldBound(value: string | undefined, hasTime: boolean): string | undefined {
  if (!value) return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}))?/.exec(value.trim());
  if (!match) return undefined;
  return hasTime ? `${match[1]}T${match[2] ?? "00:00"}` : match[1];
}
