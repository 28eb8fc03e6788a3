import { statsSeriesSchema } from "@parley/schemas/management/analytics";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { analyticsInputSchema } from "../../analytics/analyticsInput";
import { getSeriesBuckets, needsFirstChat } from "../../analytics/getSeriesBuckets";
import { resolveTimeRange } from "../../analytics/timeRangeInput";
import { resultsFilterSql } from "../../results/resultsFilter";
import { readWriteErrors } from "../errorLists";

interface BucketCounts {
  date: string;
  views: number;
  starts: number;
  completed: number;
}

export const getSeries = botProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/analytics/series",
      tags: ["Analytics"],
      summary: "Get views, starts and completions over time",
      description:
        "The stats of each hour (ranges under 3 days) or calendar day of `timeZone` in the range (`timeFilter`, default `last7Days`, or `from`/`to`), empty buckets included: `views`, `starts`, `completed` and `completionRate` (completed / views, null without views). An open start (`allTime`, or `to` alone) begins on the first chat's day, as does a start more than a year before it; the series ends with the current hour or day.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(analyticsInputSchema)
  .output(z.object({ series: statsSeriesSchema }))
  .query(async ({ ctx, input }) => {
    const range = resolveTimeRange(input, "last7Days");
    const inRange = resultsFilterSql({
      botId: input.botId,
      range,
      language: input.language,
      version: input.version,
    });
    const now = new Date();
    const [first] = needsFirstChat(range, now)
      ? await ctx.prisma.$queryRaw<{ at: Date | null }[]>`
          SELECT min(r."createdAt") AS at FROM "Result" r WHERE ${inRange}`
      : [];
    const { interval, buckets } = getSeriesBuckets(range, first?.at ?? null, input.timeZone, now);
    const from = buckets[0]?.startsAt;
    const format = interval === "day" ? "YYYY-MM-DD" : 'YYYY-MM-DD"T"HH24:00';
    const rows = from
      ? await ctx.prisma.$queryRaw<BucketCounts[]>`
          SELECT to_char(date_trunc(${interval}, r."createdAt" AT TIME ZONE ${input.timeZone}), ${format}) AS date,
                 count(*)::int AS views,
                 count(*) FILTER (WHERE r."hasStarted")::int AS starts,
                 count(*) FILTER (WHERE r."isCompleted")::int AS completed
          FROM "Result" r
          WHERE ${inRange} AND r."createdAt" >= ${from}
          GROUP BY 1`
      : [];
    const counts = new Map(rows.map((row) => [row.date, row]));
    return {
      series: {
        interval,
        timeZone: input.timeZone,
        points: buckets.map((bucket) => {
          const row = counts.get(bucket.date);
          const views = row?.views ?? 0;
          const completed = row?.completed ?? 0;
          return {
            date: bucket.date,
            startsAt: bucket.startsAt.toISOString(),
            views,
            starts: row?.starts ?? 0,
            completed,
            completionRate: views === 0 ? null : completed / views,
          };
        }),
      },
    };
  });
