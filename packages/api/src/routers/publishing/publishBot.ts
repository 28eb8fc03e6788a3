import { AppError } from "@parley/platform/errors";
import { describeRiskHold, isRiskHeld } from "@parley/platform/risk/isRiskHeld";
import { canAccess } from "@parley/schemas/management/access";
import { publishWarningSchema } from "@parley/schemas/management/bots";
import { canaryPublishSchema } from "@parley/schemas/management/canary";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { publishBotVersion } from "../../bots/publishBotVersion";
import { publishErrors } from "../errorLists";

export const publishBot = botProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/bots/{botId}/publish",
      tags: ["Publishing"],
      summary: "Publish a bot",
      description:
        "Snapshots the draft into a new version that new chats start on (running chats keep theirs). Refused by flow checker errors and failing bot tests (`BOT_TEST_FAILED`) unless an ADMIN sends `overrideFailingTests: true`. `canary` (`percent` 1-99) sends the version to that share of new chats only. Details: docs/api.md, 'Publishing and versions'.",
      protect: true,
      errorResponses: publishErrors,
    },
  })
  .input(
    z.strictObject({
      botId: idSchema,
      overrideFailingTests: z
        .boolean()
        .default(false)
        .describe(
          "Publish even though some of the bot's tests fail (workspace ADMIN only; recorded in the audit log)",
        ),
      canary: canaryPublishSchema
        .optional()
        .describe("Publish as a canary release to this share of new chats (docs/publishing.md)"),
    }),
  )
  .output(z.object({ message: z.literal("success"), warnings: z.array(publishWarningSchema) }))
  .mutation(async ({ ctx, input }) => {
    if (input.overrideFailingTests && !canAccess(ctx.access.role, "admin"))
      throw new AppError("FORBIDDEN", [
        {
          code: "ADMIN_ONLY",
          message: "Only a workspace ADMIN publishes a bot whose tests fail",
          path: ["overrideFailingTests"],
        },
      ]);
    const risk = await publishBotVersion(ctx.prisma, input.botId, auditRequestOf(ctx), {
      isOverridingFailingTests: input.overrideFailingTests,
      canary: input.canary,
    });
    if (risk.riskLevel > 0) {
      const workspace = await ctx.prisma.workspace.findUniqueOrThrow({
        where: { id: ctx.access.workspaceId },
        select: { isVerified: true },
      });
      const facts = { id: input.botId, riskLevel: risk.riskLevel, isWorkspaceVerified: workspace.isVerified };
      if (isRiskHeld(facts)) {
        const hold = describeRiskHold(facts);
        ctx.logger.warn({ ...hold.fields, signals: risk.signals, requestId: ctx.requestId }, hold.message);
      } else {
        ctx.logger.info(
          { botId: input.botId, riskLevel: risk.riskLevel, signals: risk.signals },
          "publish: risk signals",
        );
      }
    }
    return { message: "success" as const, warnings: risk.warnings };
  });
