import {
  canaryComparisonSchema,
  canaryReleaseSchema,
  versionStatsSchema,
} from "@parley/schemas/management/canary";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { resolveTimeRange, timeRangeInputSchema } from "../../analytics/timeRangeInput";
import { compareCanary } from "../../canary/compareCanary";
import { readCanaryRelease } from "../../canary/readCanaryRelease";
import { readVersionStats } from "../../canary/readVersionStats";
import { readWriteErrors } from "../errorLists";

export const getVersionStats = botProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/analytics/versions",
      tags: ["Analytics"],
      summary: "Get a bot's statistics per published version",
      description:
        "Each published version's chats of the range (`timeFilter`, default `allTime`, or `from`/`to`), newest version first, versions without chats left out. While a canary release runs, `comparison` sets it against the current version over the chats started since it began, whatever the range (a two-proportion z-test of the completion rates). The drop-off per input of one version: GET …/analytics/flow?version=.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(timeRangeInputSchema("allTime"))
  .output(
    z.object({
      versions: z.array(versionStatsSchema),
      canary: canaryReleaseSchema.nullable(),
      comparison: canaryComparisonSchema.nullable(),
    }),
  )
  .query(async ({ ctx, input }) => {
    const range = resolveTimeRange(input, "allTime");
    const [versions, canary] = await Promise.all([
      readVersionStats(ctx.prisma, { botId: input.botId, range }),
      readCanaryRelease(ctx.prisma, input.botId),
    ]);
    if (!canary) return { versions, canary: null, comparison: null };
    const { publishedBotId: _id, startedAtDate: _date, ...release } = canary;
    return { versions, canary: release, comparison: await compareCanary(ctx.prisma, input.botId, canary) };
  });
