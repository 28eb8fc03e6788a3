import { resultSchema } from "@parley/schemas/management/results";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { resolveTimeRange, timeRangeInputSchema } from "../../analytics/timeRangeInput";
import { findResultsPage } from "../../results/findResultsPage";
import { decodeResultsCursor, encodeResultsCursor } from "../../results/resultsCursor";
import { resultsFilterShape } from "../../results/resultsFilter";
import { readWriteErrors } from "../errorLists";

export const listResults = botProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/results",
      tags: ["Results"],
      summary: "List a bot's results",
      description:
        "Results (one per chat), newest first, with their answers and variables. Pages of `limit` (1-100, default 50); pass the returned `nextCursor` as `cursor` for the next page (null on the last page). The range is `timeFilter` (default `allTime` here) or `from`/`to`, in calendar days of `timeZone`, as for analytics; `isCompleted` and `answerContains` filter further. Deleted results are not listed.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(
    timeRangeInputSchema("allTime").extend({
      ...resultsFilterShape,
      limit: z.number().int().min(1).max(100).default(50),
      cursor: textSchema.max(200).optional(),
    }),
  )
  .output(z.object({ results: z.array(resultSchema), nextCursor: textSchema.nullable() }))
  .query(async ({ ctx, input }) => {
    const cursor = input.cursor ? decodeResultsCursor(input.cursor) : undefined;
    const page = await findResultsPage(
      ctx.prisma,
      {
        botId: input.botId,
        range: resolveTimeRange(input, "allTime"),
        isCompleted: input.isCompleted,
        answerContains: input.answerContains,
        language: input.language,
      },
      { cursor, limit: input.limit + 1 },
    );
    const results = page.results.slice(0, input.limit);
    const last = results[results.length - 1];
    return {
      results,
      nextCursor:
        page.results.length > input.limit && last
          ? encodeResultsCursor({ createdAt: new Date(last.createdAt), id: last.id })
          : null,
    };
  });
