/** One opening range of a weekday, local times `HH:MM` (end after start; `24:00` closes at midnight). */
export interface OpeningRange {
  /** 0 = Sunday … 6 = Saturday. */
  day: number;
  start: string;
  end: string;
}

export interface BusinessHours {
  /** IANA time zone the ranges and holidays are read in. */
  timeZone: string;
  ranges: readonly OpeningRange[];
  /** Local dates (`YYYY-MM-DD`) closed all day. */
  holidays?: readonly string[];
}

const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** The local date, weekday and minute of the day of `at` in `timeZone`. */
function toLocalTime(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return {
    date: `${part("year")}-${part("month")}-${part("day")}`,
    day: weekdays.indexOf(part("weekday")),
    minute: Number(part("hour")) * 60 + Number(part("minute")),
  };
}

const toMinute = (time: string) => {
  const [hours, minutes] = time.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/**
 * Whether `at` falls in the opening hours: on a weekday range (start included, end excluded) of the
 * local day in the hours' time zone, and not on a holiday.
 */
export function isWithinBusinessHours(hours: BusinessHours, at: Date): boolean {
  const local = toLocalTime(at, hours.timeZone);
  if (hours.holidays?.includes(local.date)) return false;
  return hours.ranges.some(
    (range) =>
      range.day === local.day && local.minute >= toMinute(range.start) && local.minute < toMinute(range.end),
  );
}
