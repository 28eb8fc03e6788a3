import { canaryReleaseSchema } from "@parley/schemas/management/canary";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { readCanaryRelease } from "../../canary/readCanaryRelease";
import { readWriteErrors } from "../errorLists";

export const getCanaryRelease = botProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/canary",
      tags: ["Publishing"],
      summary: "Get a bot's canary release",
      description:
        'The running canary release (docs/publishing.md, "Canary releases"): its version, the current version the other chats start on, its share of new chats, when it started and its automatic rollback rule; `canary: null` when none runs. Its numbers against the current version: GET /bots/{botId}/analytics/versions.',
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(z.object({ canary: canaryReleaseSchema.nullable() }))
  .query(async ({ ctx, input }) => {
    const canary = await readCanaryRelease(ctx.prisma, input.botId);
    if (!canary) return { canary: null };
    const { publishedBotId: _id, startedAtDate: _date, ...release } = canary;
    return { canary: release };
  });
