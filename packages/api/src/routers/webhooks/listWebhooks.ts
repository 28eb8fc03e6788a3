import { webhookSubscriptionSchema } from "@parley/schemas/management/webhooks";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { toWebhookSubscription, webhookSubscriptionSelect } from "./toWebhookSubscription";

export const listWebhooks = botProcedure("write")
  .meta({
    openapi: {
      method: "GET",
      path: "/bots/{botId}/webhooks",
      tags: ["Webhooks"],
      summary: "List a bot's result webhooks",
      description:
        "The URLs notified of the bot's result events, oldest first. Secrets are never returned. Members and admins only (a URL may hold a token); guests are FORBIDDEN.",
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .output(z.object({ webhooks: z.array(webhookSubscriptionSchema) }))
  .query(async ({ ctx, input }) => {
    const rows = await ctx.prisma.webhookSubscription.findMany({
      where: { botId: input.botId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: webhookSubscriptionSelect,
    });
    return { webhooks: rows.map((row) => toWebhookSubscription(row)) };
  });
