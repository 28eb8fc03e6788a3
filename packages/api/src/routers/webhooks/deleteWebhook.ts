import { idSchema, successMessageSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { findWebhook } from "./findWebhook";

export const deleteWebhook = botProcedure("write")
  .meta({
    openapi: {
      method: "DELETE",
      path: "/bots/{botId}/webhooks/{webhookId}",
      tags: ["Webhooks"],
      summary: "Delete a result webhook",
      description:
        "Stops the deliveries to this URL at once, pending retries included, and deletes its delivery log.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ webhookId: idSchema }))
  .output(successMessageSchema)
  .mutation(async ({ ctx, input }) => {
    await findWebhook(ctx.prisma, input.botId, input.webhookId);
    await ctx.prisma.webhookSubscription.deleteMany({ where: { id: input.webhookId, botId: input.botId } });
    return { message: "success" as const };
  });
