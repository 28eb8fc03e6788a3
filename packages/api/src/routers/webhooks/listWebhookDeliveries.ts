import { WEBHOOK_DELIVERY_LOG_SIZE } from "@parley/db/queries/finishWebhookDelivery";
import { idSchema } from "@parley/schemas/management/common";
import { webhookDeliverySchema, webhookEventSchema } from "@parley/schemas/management/webhooks";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { findWebhook } from "./findWebhook";

export const listWebhookDeliveries = botProcedure("write")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/webhooks/{webhookId}/deliveries",
      tags: ["Webhooks"],
      summary: "A result webhook's delivery log",
      description: `The last ${WEBHOOK_DELIVERY_LOG_SIZE} deliveries (and every pending one), newest first: event, status (PENDING, DELIVERED, FAILED), attempts, the last response code or error, and times. Pending deliveries are retried with exponential backoff for 24 hours, then FAILED.`,
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
      select: {
        id: true,
        event: true,
        resultId: true,
        status: true,
        attempts: true,
        responseCode: true,
        error: true,
        createdAt: true,
        lastAttemptAt: true,
        nextAttemptAt: true,
        deliveredAt: true,
      },
    });
    return {
      deliveries: rows.map((row) => ({
        ...row,
        event: webhookEventSchema.parse(row.event),
        createdAt: row.createdAt.toISOString(),
        lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
        nextAttemptAt: row.status === "PENDING" ? row.nextAttemptAt.toISOString() : null,
        deliveredAt: row.deliveredAt?.toISOString() ?? null,
      })),
    };
  });
