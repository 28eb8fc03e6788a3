import { timeFilterSchema } from "@parley/schemas/management/common";
import { resultSchema } from "@parley/schemas/management/results";
import { resultSelect, toResult } from "@parley/schemas/management/toResult";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { createdAtFilter, getTimeRange } from "../../analytics/getTimeRange";
import { decodeResultsCursor, encodeResultsCursor } from "../../results/resultsCursor";
import { timeRangeInputSchema } from "../analytics/timeRangeInputSchema";
import { readWriteErrors } from "../errorLists";

export const listResults = botProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/results",
      tags: ["Results"],
      summary: "List a bot's results",
      description:
        "Results (one per chat), newest first, with their answers and variables. Pages of `limit` (1-100, default 50); pass the returned `nextCursor` as `cursor` for the next page (null on the last page). `timeFilter` defaults to `allTime` here; `timeZone` as for analytics. Deleted results are not listed.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    timeRangeInputSchema.extend({
      limit: z.number().int().min(1).max(100).default(50),
      cursor: z.string().max(200).optional(),
      timeFilter: timeFilterSchema.default("allTime"),
    }),
  )
  .output(z.object({ results: z.array(resultSchema), nextCursor: z.string().nullable() }))
  .query(async ({ ctx, input }) => {
    const cursor = input.cursor ? decodeResultsCursor(input.cursor) : undefined;
    const rows = await ctx.prisma.result.findMany({
      where: {
        botId: input.botId,
        isArchived: false,
        ...createdAtFilter(getTimeRange(input.timeFilter, input.timeZone)),
        ...(cursor
          ? {
              OR: [
                { createdAt: { lt: cursor.createdAt } },
                { createdAt: cursor.createdAt, id: { lt: cursor.id } },
              ],
            }
          : {}),
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: input.limit + 1,
      select: resultSelect,
    });
    const page = rows.slice(0, input.limit);
    const last = page[page.length - 1];
    return {
      results: page.map(toResult),
      nextCursor: rows.length > input.limit && last ? encodeResultsCursor(last) : null,
    };
  });
