import { createRedelivery } from "@parley/chat/webhooks/manualDeliveries";
import { queueWebhookDeliveries } from "@parley/chat/webhooks/webhookDeliveryJob";
import { notFound } from "@parley/platform/errors";
import { idSchema } from "@parley/schemas/management/common";
import { webhookDeliverySchema } from "@parley/schemas/management/webhooks";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { findWebhook } from "./findWebhook";
import { assertWebhookEnabled, readDelivery } from "./readDelivery";

export const redeliverWebhookDelivery = botProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/bots/{botId}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver",
      tags: ["Webhooks"],
      summary: "Redeliver a result webhook delivery",
      description:
        "Queues a new delivery of the same body, with its own id (in the body's `id` and X-Parley-Delivery-Id) and `redeliveryOf` naming the original, signed with the current secret(s), and answers it (PENDING). A delivery of a deleted result is gone with it (NOT_FOUND). A webhook that is off: BAD_REQUEST, issue code `WEBHOOK_DISABLED`.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ botId: idSchema, webhookId: idSchema, deliveryId: textSchema.max(64) }))
  .output(z.object({ delivery: webhookDeliverySchema }))
  .mutation(async ({ ctx, input }) => {
    const webhook = await findWebhook(ctx.prisma, input.botId, input.webhookId);
    const original = await ctx.prisma.webhookDelivery.findFirst({
      where: { id: input.deliveryId, subscriptionId: webhook.id },
      select: {
        id: true,
        subscriptionId: true,
        event: true,
        resultId: true,
        answerIndex: true,
        payload: true,
      },
    });
    if (!original) throw notFound();
    assertWebhookEnabled(webhook);
    const delivery = createRedelivery(original, new Date());
    await queueWebhookDeliveries([delivery]);
    return { delivery: await readDelivery(ctx.prisma, input.webhookId, delivery.id) };
  });
