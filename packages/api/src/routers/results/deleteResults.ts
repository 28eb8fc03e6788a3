import { successMessageSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { eraseResults } from "../../results/eraseResults";
import { readWriteErrors } from "../errorLists";
import { resultIdsSchema } from "./resultIdsSchema";

export const deleteResults = botProcedure("write")
  .meta({
    openapi: {
      method: "DELETE",
      path: "/bots/{botId}/results",
      tags: ["Results"],
      summary: "Delete results",
      description:
        "Deletes the given results (`resultIds`, comma-separated), or every result of the bot when omitted: their answers, variables, logs and sessions are erased and they leave listings and analytics. They still count in the billing period's usage.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ resultIds: resultIdsSchema.optional() }))
  .output(successMessageSchema)
  .mutation(async ({ ctx, input }) => {
    await eraseResults(ctx.prisma, {
      botId: input.botId,
      ...(input.resultIds ? { id: { in: input.resultIds } } : {}),
    });
    return { message: "success" as const };
  });
