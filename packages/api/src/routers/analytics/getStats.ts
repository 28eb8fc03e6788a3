import { statsSchema } from "@parley/schemas/management/analytics";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { analyticsInputSchema } from "../../analytics/analyticsInput";
import { resolveTimeRange } from "../../analytics/timeRangeInput";
import { resultsFilterSql } from "../../results/resultsFilter";
import { readWriteErrors } from "../errorLists";

export const getStats = botProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/analytics/stats",
      tags: ["Analytics"],
      summary: "Get a bot's statistics",
      description:
        "In the range given by `timeFilter` (default `last7Days`) or by `from`/`to` (ISO dates or date-times, both inclusive; not together with `timeFilter`), in calendar days of `timeZone` (IANA name, default UTC): `totalViews` = chats created, `totalStarts` = those with at least one answer, `totalCompleted` = those that reached the end. Deleted results are not counted.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(analyticsInputSchema)
  .output(z.object({ stats: statsSchema }))
  .query(async ({ ctx, input }) => {
    const range = resolveTimeRange(input, "last7Days");
    const [stats] = await ctx.prisma.$queryRaw<z.infer<typeof statsSchema>[]>`
      SELECT count(*)::int AS "totalViews",
             count(*) FILTER (WHERE "hasStarted")::int AS "totalStarts",
             count(*) FILTER (WHERE "isCompleted")::int AS "totalCompleted"
      FROM "Result" r
      WHERE ${resultsFilterSql({ botId: input.botId, range, language: input.language, version: input.version })}`;
    return { stats: stats ?? { totalViews: 0, totalStarts: 0, totalCompleted: 0 } };
  });
