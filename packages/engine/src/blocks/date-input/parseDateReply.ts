import { TZDate } from "@date-fns/tz";
import { getDateInputFormat, isDayFirstPattern } from "@parley/schemas";
import * as chrono from "chrono-node";
import { format as formatDate, type Locale } from "date-fns";
import { findDateLocale } from "./dateLocales";

export interface DateReplyOptions {
  hasTime?: boolean;
  isRange?: boolean;
  /** Unicode TR35 pattern; default: the locale's numeric date, else `dd/MM/yyyy` (with time `dd/MM/yyyy HH:mm`). */
  format?: string;
  /** BCP 47: month and day names, the default pattern's order, and the words a typed reply may use. */
  locale?: string;
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
 * Reads a date (or a range) typed freely, e.g. "tomorrow", "21/08/2026", "2026-08-21T10:00", in UTC: in the
 * locale's words first ("15 janvier 2026" in French), then in English. Day-first patterns read "01/02" as
 * 1 February. Enforces min/max and formats with the pattern, month and day names in the locale.
 */
export const parseDateReply = (reply: string, options: DateReplyOptions): ParsedDateReply | undefined => {
  const pattern = getDateInputFormat(options);
  const locale = options.locale?.trim() || undefined;
  const parsers = listParsers(locale, isDayFirstPattern(pattern));
  const reference = { instant: options.now, timezone: 0 };
  // A range's own separator ("au", "bis") is read as the dash every locale's parser knows.
  const separator = options.separator?.trim();
  const text =
    options.isRange && separator && separator !== "-" ? reply.replace(` ${separator} `, " - ") : reply;
  const [result, parser] = parseWithFirst(parsers, text, reference);
  if (!result || !parser) return undefined;
  const start = toParts(result.start);
  const end = result.end ? toParts(result.end) : undefined;
  if (options.isRange && !end) return undefined;
  const bounds = {
    min: parseBound(options.min, parser, reference),
    max: parseBound(options.max, parser, reference),
  };
  const dateLocale = locale ? findDateLocale(locale) : undefined;
  if (
    !isWithinBounds(start, bounds, options.hasTime) ||
    (end && !isWithinBounds(end, bounds, options.hasTime))
  ) {
    return undefined;
  }
  const startText = formatParts(start, pattern, dateLocale);
  if (!options.isRange || !end) return { content: startText };
  return { content: `${startText} ${separator || "to"} ${formatParts(end, pattern, dateLocale)}` };
};

/** The parsers of chrono's own locales, by language subtag (English is the fallback of every locale). */
const chronoLocales: Record<string, chrono.Chrono> = {
  ar: chrono.ar.casual,
  de: chrono.de.casual,
  es: chrono.es.casual,
  fi: chrono.fi.casual,
  fr: chrono.fr.casual,
  id: chrono.id.casual,
  it: chrono.it.casual,
  ja: chrono.ja.casual,
  nl: chrono.nl.casual,
  pt: chrono.pt.casual,
  ru: chrono.ru.casual,
  sv: chrono.sv.casual,
  uk: chrono.uk.casual,
  vi: chrono.vi.casual,
  zh: chrono.zh.casual,
};

/** The locale's parser when chrono has one, then English (day first or month first, as the pattern writes). */
const listParsers = (locale: string | undefined, isDayFirst: boolean): chrono.Chrono[] => {
  const english = isDayFirst ? chrono.en.GB : chrono.en.casual;
  const language = locale?.split("-")[0]?.toLowerCase();
  const own = language && language !== "en" ? chronoLocales[language] : undefined;
  return own ? [own, english] : [english];
};

const parseWithFirst = (
  parsers: chrono.Chrono[],
  text: string,
  reference: { instant: Date; timezone: number },
): [chrono.ParsedResult | undefined, chrono.Chrono | undefined] => {
  for (const parser of parsers) {
    const [result] = parser.parse(text, reference);
    if (result) return [result, parser];
  }
  return [undefined, undefined];
};

const toParts = (components: chrono.ParsedComponents): DateParts => ({
  year: components.get("year") ?? 0,
  month: components.get("month") ?? 1,
  day: components.get("day") ?? 1,
  hour: components.get("hour") ?? 0,
  minute: components.get("minute") ?? 0,
});

export const formatParts = (parts: DateParts, pattern: string, locale?: Locale): string => {
  try {
    return formatDate(
      new TZDate(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, UTC),
      pattern,
      locale ? { locale } : undefined,
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
