import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import {
  canaryPercentSchema,
  canaryReleaseSchema,
  canaryRollbackRuleSchema,
} from "@parley/schemas/management/canary";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { noCanaryError } from "../../canary/endCanaryRelease";
import { readCanaryRelease } from "../../canary/readCanaryRelease";
import { publishErrors } from "../errorLists";

export const updateCanaryRelease = botProcedure("write")
  .meta({
    openapi: {
      method: "PATCH",
      path: "/bots/{botId}/canary",
      tags: ["Publishing"],
      summary: "Change a canary release's share or rollback rule",
      description:
        "Changes the running canary's share of new chats (`percent`, 1 to 99) and/or its automatic rollback rule (`autoRollback`, `null` removes it); running chats keep their version. Recorded in the audit log (`bot.canaryChanged`). Without a running canary: BAD_REQUEST `NO_CANARY`; a missing or inaccessible bot is FORBIDDEN.",
      protect: true,
      errorResponses: publishErrors,
    },
  })
  .input(
    z.strictObject({
      botId: idSchema,
      percent: canaryPercentSchema.optional(),
      autoRollback: canaryRollbackRuleSchema.nullable().optional(),
    }),
  )
  .output(z.object({ canary: canaryReleaseSchema }))
  .mutation(async ({ ctx, input }) => {
    await ctx.prisma.$transaction(async (tx) => {
      const { count } = await tx.canaryRelease.updateMany({
        where: { botId: input.botId },
        data: {
          ...(input.percent !== undefined ? { percent: input.percent } : {}),
          ...(input.autoRollback !== undefined
            ? {
                rollbackDropPoints: input.autoRollback?.maxDropPoints ?? null,
                rollbackMinStarts: input.autoRollback?.minStarts ?? null,
              }
            : {}),
        },
      });
      if (count === 0) throw noCanaryError();
      await appendAuditEntry(tx, auditRequestOf(ctx), {
        action: "bot.canaryChanged",
        workspaceId: ctx.access.workspaceId,
        target: { type: "bot", id: input.botId },
      });
    });
    const canary = await readCanaryRelease(ctx.prisma, input.botId);
    if (!canary) throw noCanaryError();
    const { publishedBotId: _id, startedAtDate: _date, ...release } = canary;
    return { canary: release };
  });
