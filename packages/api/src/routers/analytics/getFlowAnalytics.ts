import { flowAnalyticsSchema } from "@parley/schemas/management/analytics";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { analyticsInputSchema } from "../../analytics/analyticsInput";
import { computeFlowAnalytics } from "../../analytics/computeFlowAnalytics";
import { resolveTimeRange } from "../../analytics/timeRangeInput";
import { loadDraftFlow } from "../../bots/loadDraftFlow";
import { loadVersionFlow } from "../../bots/loadVersionFlow";
import { resultsFilterSql } from "../../results/resultsFilter";
import { readWriteErrors } from "../errorLists";

export const getFlowAnalytics = botProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/analytics/flow",
      tags: ["Analytics"],
      summary: "Get reach and drop-off per group and input",
      description:
        "For the canvas: how many chats of the range entered each group of the current flow (of version `version` when given: drop-off per input of one published version), for each input how many were asked, answered, and stopped there (drop-off), and for each AB test block its paths' chats and completion rates compared with a two-proportion z-test (path b against a). Same range (`timeFilter` or `from`/`to`) and `timeZone` as the stats.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(analyticsInputSchema)
  .output(z.object({ analytics: flowAnalyticsSchema }))
  .query(async ({ ctx, input }) => {
    const inRange = resultsFilterSql({
      botId: input.botId,
      range: resolveTimeRange(input, "last7Days"),
      language: input.language,
      version: input.version,
    });
    const [flow, views, answers, edges] = await Promise.all([
      input.version === undefined
        ? loadDraftFlow(ctx.prisma, input.botId).then((draft) => draft.flow)
        : loadVersionFlow(ctx.prisma, input.botId, input.version),
      ctx.prisma.$queryRaw<{ total: number }[]>`
        SELECT count(*)::int AS total FROM "Result" r WHERE ${inRange}`,
      ctx.prisma.$queryRaw<{ blockId: string; total: number }[]>`
        SELECT a."blockId", count(DISTINCT a."resultId")::int AS total
        FROM "Answer" a JOIN "Result" r ON r.id = a."resultId" WHERE ${inRange} GROUP BY a."blockId"`,
      ctx.prisma.$queryRaw<{ edgeId: string; total: number; completed: number }[]>`
        SELECT v."edgeId", count(DISTINCT v."resultId")::int AS total,
          count(DISTINCT v."resultId") FILTER (WHERE r."isCompleted")::int AS completed
        FROM "VisitedEdge" v JOIN "Result" r ON r.id = v."resultId" WHERE ${inRange} GROUP BY v."edgeId"`,
    ]);
    return {
      analytics: computeFlowAnalytics(flow, {
        totalViews: views[0]?.total ?? 0,
        answeredByBlock: new Map(answers.map((row) => [row.blockId, row.total])),
        visitedByEdge: new Map(edges.map((row) => [row.edgeId, row.total])),
        completedByEdge: new Map(edges.map((row) => [row.edgeId, row.completed])),
      }),
    };
  });
