import { AppError } from "@parley/platform/errors";
import { describeRiskHold, isRiskHeld } from "@parley/platform/risk/isRiskHeld";
import { canAccess } from "@parley/schemas/management/access";
import { publishWarningSchema } from "@parley/schemas/management/bots";
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
        "Snapshots the draft into a new published version (kept in the history, see /versions), which new chats start on; running chats keep their version until updateBot. The first publish creates the bot's chat key. Flow checker errors refuse it (BAD_REQUEST). `warnings` lists well-known brand names found in the bot's name or texts (`trademarkInfringement`), then the flow checker's (`flowCheck`, docs/api.md); the bot's `riskLevel` (0-100) is computed anew from them and from phishing signals (words asking for credentials or payment data, inputs collecting a password or a card number, redirects to look-alike domains of a brand). At or above the install's PUBLISH_RISK_THRESHOLD (default 100) the bot is published but held: its share page and startChat answer as closed (BOT_CLOSED) until an instance administrator clears it or verifies the workspace. A missing or inaccessible bot is FORBIDDEN; an invalid draft is BAD_REQUEST. The bot's tests (`tests` of the bot, see POST /bots/{botId}/tests/run) run on the draft first: a failing one refuses the publish, BAD_REQUEST with one issue per failing test (code `BOT_TEST_FAILED`, path `tests.<index>`, the message naming the step, what was expected and what the bot did). A workspace ADMIN may publish anyway with `overrideFailingTests: true`, which the audit log records (`bot.publishedWithFailingTests`); from a MEMBER that flag is FORBIDDEN `ADMIN_ONLY`.",
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
