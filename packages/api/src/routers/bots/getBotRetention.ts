import { botRetentionSchema, getEffectiveRetentionDays } from "@parley/schemas/management/retention";
import { botRowProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";

export const getBotRetention = botRowProcedure("read")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/retention",
      tags: ["Bots"],
      summary: "Get the bot's data retention",
      description:
        "Beyond the spec. The bot's data retention (set by an ADMIN with `retentionDays` in PATCH /bots/{botId}), the workspace's (`settings.retentionDays` of PATCH /workspaces/{workspaceId}) and the effective one: results created more than that many days ago are deleted (hourly) with their answers, logs, uploaded files and sessions. null = off.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(botRetentionSchema)
  .query(async ({ ctx }) => {
    const workspace = await ctx.prisma.workspace.findUniqueOrThrow({
      where: { id: ctx.access.workspaceId },
      select: { retentionDays: true },
    });
    return {
      retentionDays: ctx.bot.retentionDays,
      workspaceRetentionDays: workspace.retentionDays,
      effectiveRetentionDays: getEffectiveRetentionDays(ctx.bot.retentionDays, workspace.retentionDays),
    };
  });
