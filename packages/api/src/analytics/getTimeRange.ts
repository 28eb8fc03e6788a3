import { TZDate } from "@date-fns/tz";
import type { TimeFilter } from "@parley/schemas/management/common";

export interface TimeRange {
  /** Inclusive lower bound; absent for allTime. */
  from?: Date;
  /** Exclusive upper bound; absent for allTime. */
  to?: Date;
}

interface LocalDate {
  year: number;
  month: number; // 0-11
  day: number;
}

/** Wall-clock fields of an instant in a zone (@date-fns/tz). */
export function wallClockOf(instant: number, timeZone: string) {
  const local = new TZDate(instant, timeZone);
  return {
    year: local.getFullYear(),
    month: local.getMonth() + 1,
    day: local.getDate(),
    hour: local.getHours(),
    minute: local.getMinutes(),
    second: local.getSeconds(),
  };
}

/** The instant at which a local calendar day starts in the zone (fields may overflow: day 0, month 12). */
export function startOfLocalDay({ year, month, day }: LocalDate, timeZone: string): Date {
  return new Date(new TZDate(year, month, day, timeZone).getTime());
}

export function localDayOf(now: Date, timeZone: string): LocalDate {
  const wall = wallClockOf(now.getTime(), timeZone);
  return { year: wall.year, month: wall.month - 1, day: wall.day };
}

/**
 * The [from, to) range of a time filter, in calendar days of `timeZone`:
 * "last7Days" is today and the 6 days before it, "monthToDate" starts on the
 * 1st, "lastMonth" is the whole previous month, and so on.
 */
export function getTimeRange(filter: TimeFilter, timeZone: string, now = new Date()): TimeRange {
  if (filter === "allTime") return {};
  const today = localDayOf(now, timeZone);
  const day = (offset: number) => startOfLocalDay({ ...today, day: today.day + offset }, timeZone);
  const tomorrow = day(1);
  switch (filter) {
    case "today":
      return { from: day(0), to: tomorrow };
    case "last7Days":
      return { from: day(-6), to: tomorrow };
    case "last30Days":
      return { from: day(-29), to: tomorrow };
    case "monthToDate":
      return { from: startOfLocalDay({ ...today, day: 1 }, timeZone), to: tomorrow };
    case "lastMonth":
      return {
        from: startOfLocalDay({ ...today, month: today.month - 1, day: 1 }, timeZone),
        to: startOfLocalDay({ ...today, day: 1 }, timeZone),
      };
    case "yearToDate":
      return { from: startOfLocalDay({ ...today, month: 0, day: 1 }, timeZone), to: tomorrow };
  }
}
