import { idSchema } from "@parley/schemas/management/common";
import { webhookPatchSchema, webhookSubscriptionSchema } from "@parley/schemas/management/webhooks";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { findWebhook } from "./findWebhook";
import { toWebhookSubscription, webhookSubscriptionSelect } from "./toWebhookSubscription";

/** What a delivery still pending when its webhook is turned off records. */
export const DISABLED_DELIVERY_ERROR = "The webhook was turned off before this delivery succeeded";

export const updateWebhook = botProcedure("write")
  .meta({
    openapi: {
      method: "PATCH",
      path: "/bots/{botId}/webhooks/{webhookId}",
      tags: ["Webhooks"],
      summary: "Edit a result webhook",
      description:
        "Changes the URL, the events or whether it is on; fields left out stay. A new URL is used from the next attempt, pending retries included; new events apply to events from now on. Turning it off (`enabled: false`) makes no deliveries for new events and fails its pending ones at once (they can be redelivered); turning it back on resumes. The secret is changed with `rotateSecret` only.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ botId: idSchema, webhookId: idSchema, webhook: webhookPatchSchema }))
  .output(z.object({ webhook: webhookSubscriptionSchema }))
  .mutation(async ({ ctx, input }) => {
    await findWebhook(ctx.prisma, input.botId, input.webhookId);
    const { url, events, enabled } = input.webhook;
    const row = await ctx.prisma.$transaction(async (tx) => {
      if (enabled === false) {
        await tx.webhookDelivery.updateMany({
          where: { subscriptionId: input.webhookId, status: "PENDING" },
          data: { status: "FAILED", error: DISABLED_DELIVERY_ERROR },
        });
      }
      return tx.webhookSubscription.update({
        where: { id: input.webhookId },
        data: { url, events, enabled },
        select: webhookSubscriptionSelect,
      });
    });
    return { webhook: toWebhookSubscription(row) };
  });
