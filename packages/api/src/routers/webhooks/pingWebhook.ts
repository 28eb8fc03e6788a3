import { createPingDelivery } from "@parley/chat/webhooks/manualDeliveries";
import { queueWebhookDeliveries } from "@parley/chat/webhooks/webhookDeliveryJob";
import { idSchema } from "@parley/schemas/management/common";
import { webhookDeliverySchema } from "@parley/schemas/management/webhooks";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { findWebhook } from "./findWebhook";
import { assertWebhookEnabled, readDelivery } from "./readDelivery";

export const pingWebhook = botProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/bots/{botId}/webhooks/{webhookId}/ping",
      tags: ["Webhooks"],
      summary: "Send a test delivery to a result webhook",
      description:
        'Queues a `ping` delivery, signed and retried like the others, and answers it (PENDING); the delivery log shows its outcome. Its body is `{id, event: "ping", createdAt, bot, webhook: {id, url, events}}`. A webhook that is off: BAD_REQUEST, issue code `WEBHOOK_DISABLED`.',
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ botId: idSchema, webhookId: idSchema }))
  .output(z.object({ delivery: webhookDeliverySchema }))
  .mutation(async ({ ctx, input }) => {
    const webhook = await findWebhook(ctx.prisma, input.botId, input.webhookId);
    assertWebhookEnabled(webhook);
    const bot = await ctx.prisma.bot.findUniqueOrThrow({
      where: { id: input.botId },
      select: { id: true, name: true, publicId: true },
    });
    const delivery = createPingDelivery(webhook, bot, new Date());
    await queueWebhookDeliveries([delivery]);
    return { delivery: await readDelivery(ctx.prisma, input.webhookId, delivery.id) };
  });
