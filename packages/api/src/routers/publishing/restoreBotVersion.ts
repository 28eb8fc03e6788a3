import { toLatestStoredFlow, toStoredFlowColumns } from "@parley/db/storedFlow";
import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { AppError } from "@parley/platform/errors";
import { latestBotVersion } from "@parley/schemas";
import { versionNumberSchema } from "@parley/schemas/management/bots";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { botOutputSchema } from "../../bots/botOutputSchemas";
import { toBot } from "../../bots/toBot";
import { readWriteErrors } from "../errorLists";

export const restoreBotVersion = botProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/bots/{botId}/versions/{version}/restore",
      tags: ["Publishing"],
      summary: "Restore a published version into the draft",
      description:
        "Copies the version's flow (events, groups, edges, variables, theme, settings) over the draft and moves `updatedAt`. Nothing is published: publish to make it live again.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ version: versionNumberSchema }))
  .output(botOutputSchema)
  .mutation(async ({ ctx, input }) => {
    const published = await ctx.prisma.publishedBot.findUnique({
      where: { botId_version: { botId: input.botId, version: input.version } },
    });
    if (!published) throw new AppError("NOT_FOUND", [{ message: "No such version", path: ["version"] }]);
    const flow = toLatestStoredFlow(published.schemaVersion, published);
    const current = await ctx.prisma.bot.findUniqueOrThrow({
      where: { id: input.botId },
      select: { updatedAt: true },
    });
    const bot = await ctx.prisma.$transaction(async (tx) => {
      const restored = await tx.bot.update({
        where: { id: input.botId },
        data: {
          version: latestBotVersion,
          updatedAt: new Date(Math.max(Date.now(), current.updatedAt.getTime() + 1)),
          ...toStoredFlowColumns(flow),
        },
      });
      await appendAuditEntry(tx, auditRequestOf(ctx), {
        action: "bot.restored",
        workspaceId: ctx.access.workspaceId,
        target: { type: "bot", id: input.botId },
      });
      return restored;
    });
    return { bot: toBot(bot) };
  });
