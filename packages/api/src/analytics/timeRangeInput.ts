import { AppError } from "@parley/platform/errors";
import { type TimeFilter, timeFilterSchema, timeZoneSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { getTimeRange, startOfLocalDay, type TimeRange } from "./getTimeRange";

/** A bound of a custom range: a calendar day (`2026-11-01`) or an instant with its offset. */
const rangeBoundSchema = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], {
    error: "Expected an ISO 8601 date or date-time",
  })
  .meta({ id: "DateOrDateTime", example: "2026-11-01" });

/**
 * The range of analytics and results: one of the spec's `timeFilter` presets, or a custom
 * `from`/`to` (both inclusive; either may be left open), in calendar days of `timeZone`.
 */
export function timeRangeInputSchema(defaultFilter: TimeFilter) {
  return z.object({
    timeFilter: timeFilterSchema
      .optional()
      .describe(`A preset range (default \`${defaultFilter}\`). Not together with \`from\`/\`to\`.`),
    from: rangeBoundSchema
      .optional()
      .describe(
        "Start of a custom range, inclusive: a date (`2026-11-01`, from the start of that day in `timeZone`) or a date-time with offset (`2026-11-01T08:00:00Z`).",
      ),
    to: rangeBoundSchema
      .optional()
      .describe(
        "End of a custom range, inclusive: a date (to the end of that day in `timeZone`) or a date-time with offset. Not before `from`.",
      ),
    timeZone: timeZoneSchema.default("UTC").describe("IANA time zone of the calendar days (default UTC)."),
  });
}

export type TimeRangeInput = z.output<ReturnType<typeof timeRangeInputSchema>>;

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

function dayStart(date: string, timeZone: string, dayOffset: number): Date {
  const [year = Number.NaN, month = Number.NaN, day = Number.NaN] = date.split("-").map(Number);
  return startOfLocalDay({ year, month: month - 1, day: day + dayOffset }, timeZone);
}

/**
 * The [from, to) instants of a range input. A preset and a custom bound together, or a
 * `from` after `to`, are BAD_REQUEST with an issue naming the field.
 */
export function resolveTimeRange(
  input: TimeRangeInput,
  defaultFilter: TimeFilter,
  now = new Date(),
): TimeRange {
  const isCustom = input.from !== undefined || input.to !== undefined;
  if (!isCustom) return getTimeRange(input.timeFilter ?? defaultFilter, input.timeZone, now);
  if (input.timeFilter !== undefined) {
    throw new AppError("BAD_REQUEST", [
      {
        message: "Give either timeFilter or from/to, not both",
        path: ["timeFilter"],
        code: "CONFLICTING_RANGE",
      },
    ]);
  }
  const from =
    input.from === undefined
      ? undefined
      : isDate(input.from)
        ? dayStart(input.from, input.timeZone, 0)
        : new Date(input.from);
  const to =
    input.to === undefined
      ? undefined
      : isDate(input.to)
        ? dayStart(input.to, input.timeZone, 1)
        : // An instant is inclusive: the range ends just after it (timestamps are kept in ms).
          new Date(new Date(input.to).getTime() + 1);
  if (from && to && from >= to) {
    throw new AppError("BAD_REQUEST", [
      { message: "from must not be after to", path: ["from"], code: "INVALID_RANGE" },
    ]);
  }
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
