// The date input's pattern rule, shared by the engine (the stored answer, the text channels' hint) and the widget
// (the visitor's own bubble): zod-free, so the embed bundle can import it from this path.

/** The pattern of a date answer when neither a format nor a locale is set. */
export const defaultDateFormat = "dd/MM/yyyy";
/** The same with `hasTime` on. */
export const defaultDateTimeFormat = "dd/MM/yyyy HH:mm";

/** The options the rule reads (the date input's, as the block or the chat's input carries them). */
export interface DateFormatOptions {
  format?: string;
  hasTime?: boolean;
  locale?: string;
}

/**
 * The Unicode TR35 pattern a date answer is written in: the author's `format`; else, with a `locale`, that
 * locale's numeric date (and time) in its own order and separators (`fr` 23/11/2026, `en-US` 11/23/2026, `de`
 * 23.11.2026, `ja` 2026/11/23); else `dd/MM/yyyy` (`dd/MM/yyyy HH:mm` with time).
 */
export function getDateInputFormat(options: DateFormatOptions): string {
  const format = options.format?.trim();
  if (format) return format;
  const hasTime = options.hasTime === true;
  const locale = options.locale?.trim();
  const localePattern = locale ? getLocaleDatePattern(locale, hasTime) : undefined;
  return localePattern ?? (hasTime ? defaultDateTimeFormat : defaultDateFormat);
}

// A date whose day, month and hour differ, so each part is told apart.
const sample = new Date(Date.UTC(2026, 10, 23, 15, 4));

/**
 * A locale's numeric date (with time: and hours and minutes) as a TR35 pattern, read from `Intl`'s parts in the
 * Gregorian calendar; undefined for a tag `Intl` refuses.
 */
export function getLocaleDatePattern(locale: string, hasTime: boolean): string | undefined {
  return readLocalePattern(locale, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    ...(hasTime ? { hour: "2-digit", minute: "2-digit" } : {}),
  });
}

/** A locale's time of day (hours and minutes, its hour cycle) as a TR35 pattern: `HH:mm`, `hh:mm a`. */
export function getLocaleTimePattern(locale: string): string | undefined {
  return readLocalePattern(locale, { hour: "2-digit", minute: "2-digit" });
}

function readLocalePattern(locale: string, fields: Intl.DateTimeFormatOptions): string | undefined {
  let parts: Intl.DateTimeFormatPart[];
  let hourCycle: string | undefined;
  try {
    const formatter = new Intl.DateTimeFormat(locale, {
      ...fields,
      timeZone: "UTC",
      calendar: "gregory",
      numberingSystem: "latn",
    });
    parts = formatter.formatToParts(sample);
    hourCycle = formatter.resolvedOptions().hourCycle;
  } catch {
    return undefined;
  }
  const is12Hour = hourCycle === "h12" || hourCycle === "h11";
  return parts
    .map((part) => {
      switch (part.type) {
        case "year":
          return "yyyy";
        case "month":
          return "MM";
        case "day":
          return "dd";
        case "hour":
          return is12Hour ? "hh" : "HH";
        case "minute":
          return "mm";
        case "dayPeriod":
          return "a";
        case "literal":
          return toPatternLiteral(part.value);
        default:
          return "";
      }
    })
    .join("");
}

/**
 * Text kept as it is in a pattern: quoted when it holds Latin letters (pattern letters) or a quote; `Intl`'s
 * no-break spaces (`11:04\u202fPM`) become plain ones, as a stored answer is searched and exported.
 */
function toPatternLiteral(text: string): string {
  const spaced = text.replace(/[\u00a0\u202f]/g, " ");
  return /[A-Za-z']/.test(spaced) ? `'${spaced.replaceAll("'", "''")}'` : spaced;
}

/** Whether the pattern writes the day before the month (`dd/MM`, `d MMMM`), outside quoted text. */
export function isDayFirstPattern(pattern: string): boolean {
  const unquoted = pattern.replace(/'[^']*'/g, "");
  const day = unquoted.indexOf("d");
  const month = unquoted.indexOf("M");
  return day !== -1 && (month === -1 || day < month);
}
