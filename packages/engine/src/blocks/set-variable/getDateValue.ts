import { TZDate } from "@date-fns/tz";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `Now`/`Today`, `Yesterday`, `Tomorrow` as ISO 8601: UTC (`…Z`), or with the offset of `timeZone`
 * (`2026-08-21T12:00:00.000+02:00`) when it names a known zone.
 */
export const getDateValue = (now: Date, dayShift: number, timeZone: string | undefined): string => {
  const instant = new Date(now.getTime() + dayShift * DAY_MS);
  if (!timeZone || !isKnownTimeZone(timeZone)) return instant.toISOString();
  return new TZDate(instant.getTime(), timeZone).toISOString();
};

const isKnownTimeZone = (timeZone: string): boolean => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
};
