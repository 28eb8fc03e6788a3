import { TZDate } from "@date-fns/tz";
import * as chrono from "chrono-node";
import { format as formatDate } from "date-fns";

export interface DateReplyOptions {
  hasTime?: boolean;
  isRange?: boolean;
  /** Unicode TR35 pattern; default `dd/MM/yyyy` (with time `dd/MM/yyyy HH:mm`). */
  format?: string;
  separator?: string;
  min?: string;
  max?: string;
  now: Date;
}

export interface ParsedDateReply {
  /** Formatted value ("start separator end" for ranges). */
  content: string;
}

interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const UTC = "UTC";

/**
 * Reads a date (or a range) typed freely, e.g. "tomorrow", "21/08/2026", "2026-08-21T10:00", in UTC.
 * Day-first patterns read "01/02" as 1 February. Enforces min/max and formats with the pattern.
 */
export const parseDateReply = (reply: string, options: DateReplyOptions): ParsedDateReply | undefined => {
  const pattern = options.format?.trim() || (options.hasTime ? "dd/MM/yyyy HH:mm" : "dd/MM/yyyy");
  const parser = pattern.startsWith("dd") ? chrono.en.GB : chrono.en.casual;
  const reference = { instant: options.now, timezone: 0 };
  const [result] = parser.parse(reply, reference);
  if (!result) return undefined;
  const start = toParts(result.start);
  const end = result.end ? toParts(result.end) : undefined;
  if (options.isRange && !end) return undefined;
  const bounds = {
    min: parseBound(options.min, parser, reference),
    max: parseBound(options.max, parser, reference),
  };
  if (
    !isWithinBounds(start, bounds, options.hasTime) ||
    (end && !isWithinBounds(end, bounds, options.hasTime))
  ) {
    return undefined;
  }
  const startText = formatParts(start, pattern);
  if (!options.isRange || !end) return { content: startText };
  return { content: `${startText} ${options.separator?.trim() || "to"} ${formatParts(end, pattern)}` };
};

const toParts = (components: chrono.ParsedComponents): DateParts => ({
  year: components.get("year") ?? 0,
  month: components.get("month") ?? 1,
  day: components.get("day") ?? 1,
  hour: components.get("hour") ?? 0,
  minute: components.get("minute") ?? 0,
});

export const formatParts = (parts: DateParts, pattern: string): string => {
  try {
    return formatDate(
      new TZDate(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, UTC),
      pattern,
    );
  } catch {
    return formatDate(
      new TZDate(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, UTC),
      "dd/MM/yyyy",
    );
  }
};

const parseBound = (
  text: string | undefined,
  parser: chrono.Chrono,
  reference: { instant: Date; timezone: number },
): DateParts | undefined => {
  if (!text?.trim()) return undefined;
  const [result] = parser.parse(text, reference);
  return result ? toParts(result.start) : undefined;
};

const isWithinBounds = (
  value: DateParts,
  bounds: { min?: DateParts; max?: DateParts },
  hasTime: boolean | undefined,
): boolean => {
  const key = (parts: DateParts) => toSortKey(parts, hasTime ?? false);
  if (bounds.min && key(value) < key(bounds.min)) return false;
  if (bounds.max && key(value) > key(bounds.max)) return false;
  return true;
};

const toSortKey = (parts: DateParts, hasTime: boolean): number =>
  Date.UTC(parts.year, parts.month - 1, parts.day, hasTime ? parts.hour : 0, hasTime ? parts.minute : 0);
