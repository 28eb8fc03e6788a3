import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { AppError } from "@parley/platform/errors";
import { successMessageSchema } from "@parley/schemas/management/common";
import { botProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { publishErrors } from "../errorLists";

export const unpublishBot = botProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/bots/{botId}/unpublish",
      tags: ["Publishing"],
      summary: "Unpublish a bot",
      description:
        "No new chat starts on the bot until it is published again (a running canary release ends too); its version history and chat key are kept. A bot that is not published is BAD_REQUEST `NOT_PUBLISHED`; a missing or inaccessible one FORBIDDEN.",
      protect: true,
      errorResponses: publishErrors,
    },
  })
  .output(successMessageSchema)
  .mutation(async ({ ctx, input }) => {
    await ctx.prisma.$transaction(async (tx) => {
      const { count } = await tx.bot.updateMany({
        where: { id: input.botId, publishedBotId: { not: null } },
        data: { publishedBotId: null },
      });
      if (count === 0) {
        throw new AppError("BAD_REQUEST", [{ message: "The bot is not published", code: "NOT_PUBLISHED" }]);
      }
      await tx.canaryRelease.deleteMany({ where: { botId: input.botId } });
      await appendAuditEntry(tx, auditRequestOf(ctx), {
        action: "bot.unpublished",
        workspaceId: ctx.access.workspaceId,
        target: { type: "bot", id: input.botId },
      });
    });
    return { message: "success" as const };
  });
