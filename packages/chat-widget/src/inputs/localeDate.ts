import {
  defaultDateFormat,
  defaultDateTimeFormat,
  getLocaleDatePattern,
  getLocaleTimePattern,
} from "@parley/schemas/bot/blocks/inputs/dateFormat";
import { formatDate, formatDayPeriod } from "./formatDate";

/**
 * The pattern a date field is typed and shown in: the locale's numeric date (and time) as `Intl` writes it
 * (`dd/MM/yyyy` in French, `dd.MM.yyyy` in German, `MM/dd/yyyy` in American English), else `dd/MM/yyyy`
 * (`dd/MM/yyyy HH:mm`), the stored answers' default.
 */
export function getDateFieldPattern(locale: string | undefined, hasTime: boolean): string {
  return (
    (locale && getLocaleDatePattern(locale, hasTime)) || (hasTime ? defaultDateTimeFormat : defaultDateFormat)
  );
}

/** The pattern a time field is typed in: the locale's hours and minutes (`HH:mm`, `hh:mm a`), else `HH:mm`. */
export function getTimeFieldPattern(locale: string | undefined): string {
  return (locale && getLocaleTimePattern(locale)) || "HH:mm";
}

const fieldNames = { y: "year", M: "month", d: "day", H: "hour", h: "hour", m: "minute" } as const;
const morning = new Date(2000, 0, 1, 9);
const evening = new Date(2000, 0, 1, 21);

/**
 * A field's placeholder in the locale's words: each part as the first letter of its name, as browsers write
 * them (`jj/mm/aaaa` in French, `TT.MM.JJJJ` in German), or as the whole name in scripts without capitals
 * (`يوم/الشهر/السنة`); a day period as its two words (`AM/PM`).
 */
export function getFieldPlaceholder(pattern: string, locale: string | undefined): string {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames(locale ?? "en", { type: "dateTimeField" });
  } catch {
    names = undefined;
  }
  return pattern.replace(/'([^']*)'|y+|M+|d+|H+|h+|m+|a+/g, (token, literal: string | undefined) => {
    if (literal !== undefined) return literal;
    if (token[0] === "a") return `${formatDayPeriod(morning, locale)}/${formatDayPeriod(evening, locale)}`;
    const field = fieldNames[token[0] as keyof typeof fieldNames];
    const name = names?.of(field) ?? field;
    const letter = name[0] ?? "";
    return letter.toLowerCase() === letter.toUpperCase() ? name : letter.repeat(token.length);
  });
}

/** Arabic-Indic and Persian digits as Latin ones (the low nibble of their code points is the digit). */
const toLatinDigits = (text: string) =>
  text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));

/**
 * A date (or time) typed in a field's pattern: its numbers in the pattern's order with any marks between them
 * (`1.5.2026`, `01/05/2026 9:30`), or its digits alone (`01052026`); a two-digit year is this century's; with a
 * 12-hour pattern the locale's day period (or am/pm). A time alone is on 1 January 2000. Undefined unless it is a
 * real date and time.
 */
export function parseDateFieldText(
  text: string,
  pattern: string,
  locale: string | undefined,
): Date | undefined {
  const tokens = pattern.replace(/'[^']*'/g, "").match(/y+|M+|d+|H+|h+|m+/g) ?? [];
  const latin = toLatinDigits(text);
  let numbers: string[] = latin.match(/\d+/g) ?? [];
  const width = tokens.reduce((sum, token) => sum + (token[0] === "y" ? 4 : 2), 0);
  if (numbers.length === 1 && tokens.length > 1 && numbers[0]?.length === width) {
    let rest = numbers[0];
    numbers = tokens.map((token) => {
      const part = rest.slice(0, token[0] === "y" ? 4 : 2);
      rest = rest.slice(part.length);
      return part;
    });
  }
  if (numbers.length !== tokens.length) return undefined;
  const value = { y: 2000, M: 1, d: 1, H: 0, h: -1, m: 0 };
  tokens.forEach((token, index) => {
    const digits = numbers[index] ?? "";
    const field = token[0] as keyof typeof value;
    value[field] = field === "y" && digits.length <= 2 ? 2000 + Number(digits) : Number(digits);
  });
  if (value.h !== -1) {
    const lower = latin.toLowerCase();
    const isAfternoon =
      lower.includes(formatDayPeriod(evening, locale).toLowerCase()) || /\bp\.?\s?m\b/.test(lower);
    const isMorning =
      lower.includes(formatDayPeriod(morning, locale).toLowerCase()) || /\ba\.?\s?m\b/.test(lower);
    if (value.h > 23 || ((isAfternoon || isMorning) && (value.h < 1 || value.h > 12))) return undefined;
    value.H = isAfternoon ? (value.h % 12) + 12 : isMorning ? value.h % 12 : value.h;
  }
  if (value.M < 1 || value.M > 12 || value.H > 23 || value.m > 59) return undefined;
  const date = new Date(value.y, value.M - 1, value.d, value.H, value.m);
  return date.getFullYear() === value.y && date.getMonth() === value.M - 1 && date.getDate() === value.d
    ? date
    : undefined;
}

/** A date as the value the engine reads (`2026-11-30`, `2026-11-30T09:30`). */
export function toIsoValue(date: Date, hasTime: boolean): string {
  return formatDate(date, hasTime ? "yyyy-MM-dd'T'HH:mm" : "yyyy-MM-dd");
}
