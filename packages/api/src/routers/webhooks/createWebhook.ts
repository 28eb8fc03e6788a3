import { createId } from "@parley/db";
import { CredentialsConfigurationError } from "@parley/integrations/credentials/credentialsCipher";
import { createWebhookSecret, encryptWebhookSecret } from "@parley/integrations/webhooks/webhookSecret";
import { badRequest } from "@parley/platform/errors";
import { idSchema } from "@parley/schemas/management/common";
import {
  MAX_WEBHOOKS_PER_BOT,
  newWebhookSchema,
  webhookSubscriptionSchema,
} from "@parley/schemas/management/webhooks";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { botProcedure } from "../../access/procedures";
import { readWriteErrors } from "../errorLists";
import { toWebhookSubscription, webhookSubscriptionSelect } from "./toWebhookSubscription";

export const createWebhook = botProcedure("write")
  .meta({
    openapi: {
      method: "POST",
      path: "/bots/{botId}/webhooks",
      tags: ["Webhooks"],
      summary: "Subscribe a URL to a bot's result events",
      description: `Subscribes a URL to events of the bot (the document's \`webhooks\` describe each delivery: \`result.*\`, and the inbox's \`conversation.*\`). The answer carries the signing \`secret\` (\`whsec_…\`) this once: it is stored encrypted and never shown again. At most ${MAX_WEBHOOKS_PER_BOT} per bot (issue code \`WEBHOOK_LIMIT_REACHED\`). The URL must be http(s); a private address is refused at each delivery (outbound rules).`,
      protect: true,
      errorResponses: readWriteErrors,
    },
  })
  .input(z.strictObject({ botId: idSchema, webhook: z.strictObject(newWebhookSchema.shape) }))
  .output(z.object({ webhook: webhookSubscriptionSchema, secret: textSchema }))
  .mutation(async ({ ctx, input }) => {
    const count = await ctx.prisma.webhookSubscription.count({ where: { botId: input.botId } });
    if (count >= MAX_WEBHOOKS_PER_BOT)
      throw badRequest(`A bot has at most ${MAX_WEBHOOKS_PER_BOT} webhooks`, "WEBHOOK_LIMIT_REACHED");
    const id = createId();
    const secret = createWebhookSecret();
    let encrypted: ReturnType<typeof encryptWebhookSecret>;
    try {
      encrypted = encryptWebhookSecret(secret, { id, botId: input.botId });
    } catch (error) {
      // A server without ENCRYPTION_SECRET is misconfigured: logged, answered as a server error.
      if (error instanceof CredentialsConfigurationError)
        ctx.logger.error({ requestId: ctx.requestId }, error.message);
      throw error;
    }
    const row = await ctx.prisma.webhookSubscription.create({
      data: { id, botId: input.botId, url: input.webhook.url, events: input.webhook.events, ...encrypted },
      select: webhookSubscriptionSelect,
    });
    return { webhook: toWebhookSubscription(row), secret };
  });
