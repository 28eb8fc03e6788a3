import { localDayOf, startOfLocalDay, type TimeRange, wallClockOf } from "./getTimeRange";

export type SeriesInterval = "hour" | "day";

export interface SeriesBucket {
  /** Local label of the bucket: `2026-11-26` (day) or `2026-11-26T14:00` (hour). */
  date: string;
  /** The instant the bucket starts. */
  startsAt: Date;
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Under this span the series is per hour. */
const HOURLY_BELOW = 3 * DAY;
/** A range longer than this starts at the first chat instead of at its own start. */
const LONGEST_EMPTY_LEAD = 366 * DAY;

const pad = (value: number) => String(value).padStart(2, "0");

/** The local label of an instant, as SQL's to_char of the same bucket spells it. */
function bucketLabel(instant: number, interval: SeriesInterval, timeZone: string): string {
  const wall = wallClockOf(instant, timeZone);
  const day = `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
  return interval === "day" ? day : `${day}T${pad(wall.hour)}:00`;
}

/** The start of the local hour an instant falls in (zones with half-hour offsets included). */
function startOfLocalHour(instant: number, timeZone: string): number {
  const wall = wallClockOf(instant, timeZone);
  return Math.floor(instant / 1000) * 1000 - (wall.minute * 60 + wall.second) * 1000;
}

/**
 * Whether getSeriesBuckets needs the first chat of the range: for an open start, or a start
 * more than LONGEST_EMPTY_LEAD before `now` (a later one is never that far before a chat).
 */
export function needsFirstChat(range: TimeRange, now: Date): boolean {
  return !range.from || now.getTime() - range.from.getTime() > LONGEST_EMPTY_LEAD;
}

/**
 * The buckets of a chart over a range: per hour when it spans less than 3 days, else per
 * calendar day of `timeZone`. An open start begins on the first chat's day (today without
 * any); a start more than a year before the first chat too, so that a 100-year range draws
 * the bot's life and not a century of zeros. The end stops after the current bucket.
 */
export function getSeriesBuckets(
  range: TimeRange,
  firstChatAt: Date | null,
  timeZone: string,
  now = new Date(),
): { interval: SeriesInterval; buckets: SeriesBucket[] } {
  const firstDay = startOfLocalDay(localDayOf(firstChatAt ?? now, timeZone), timeZone).getTime();
  let from = range.from?.getTime() ?? firstDay;
  if (firstDay - from > LONGEST_EMPTY_LEAD) from = firstDay;
  const today = localDayOf(now, timeZone);
  const endOfToday = startOfLocalDay({ ...today, day: today.day + 1 }, timeZone);
  const to = Math.min(range.to?.getTime() ?? endOfToday.getTime(), endOfToday.getTime());
  if (to <= from) return { interval: "day", buckets: [] };
  const interval: SeriesInterval = to - from < HOURLY_BELOW ? "hour" : "day";
  const buckets: SeriesBucket[] = [];
  if (interval === "hour") {
    for (let instant = startOfLocalHour(from, timeZone); instant < to; instant += HOUR) {
      const date = bucketLabel(instant, interval, timeZone);
      // When clocks go back, two hours share a local label: they are one bucket.
      if (buckets[buckets.length - 1]?.date !== date) buckets.push({ date, startsAt: new Date(instant) });
    }
    return { interval, buckets };
  }
  const first = localDayOf(new Date(from), timeZone);
  for (let offset = 0; ; offset++) {
    const startsAt = startOfLocalDay({ ...first, day: first.day + offset }, timeZone);
    if (startsAt.getTime() >= to) break;
    buckets.push({ date: bucketLabel(startsAt.getTime(), interval, timeZone), startsAt });
  }
  return { interval, buckets };
}
