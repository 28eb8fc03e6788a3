import { WEBHOOK_DELIVERY_LOG_SIZE } from "@parley/db/queries/finishWebhookDelivery";
import { idSchema } from "@parley/schemas/management/common";
import { webhookDeliverySchema } from "@parley/schemas/management/webhooks";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { findWebhook } from "./findWebhook";
import { toWebhookDelivery, webhookDeliverySelect } from "./readDelivery";

export const listWebhookDeliveries = botProcedure("write")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/webhooks/{webhookId}/deliveries",
      tags: ["Webhooks"],
      summary: "A result webhook's delivery log",
      description: `The last ${WEBHOOK_DELIVERY_LOG_SIZE} deliveries (and every pending one), newest first: event (a result event or ping), status (PENDING, DELIVERED, FAILED), attempts, the last response code or error, times, and for a redelivery the delivery it repeats (redeliveryOf). Pending deliveries are retried with exponential backoff for 24 hours, then FAILED.`,
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.object({ webhookId: idSchema }))
  .output(z.object({ deliveries: z.array(webhookDeliverySchema) }))
  .query(async ({ ctx, input }) => {
    await findWebhook(ctx.prisma, input.botId, input.webhookId);
    const rows = await ctx.prisma.webhookDelivery.findMany({
      where: { subscriptionId: input.webhookId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: WEBHOOK_DELIVERY_LOG_SIZE,
      select: webhookDeliverySelect,
    });
    return { deliveries: rows.map(toWebhookDelivery) };
  });
