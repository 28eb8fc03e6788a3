import { clearBotRisk } from "@parley/platform/admin/clearBotRisk";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { operatorProcedure } from "../../access/procedures";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { readWriteErrors } from "../errorLists";

export const clearHeldBot = operatorProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/admin/heldBots/{botId}/clear",
      tags: ["Instance administration"],
      summary: "Clear a bot's risk hold (operators)",
      description:
        "Instance operators only. The bot's riskLevel becomes 0, so its published version is served again; the next publish is assessed anew.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ botId: idSchema }))
  .output(z.object({ botId: idSchema, previousRiskLevel: z.number().int().nullable() }))
  .mutation(({ ctx, input }) => clearBotRisk(ctx.prisma, input.botId, auditRequestOf(ctx)));
