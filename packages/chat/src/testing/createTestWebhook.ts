import { createId, getPrisma } from "@parley/db";
import { createWebhookSecret, encryptWebhookSecret } from "@parley/integrations/webhooks/webhookSecret";
import type { WebhookEvent } from "@parley/schemas/management/webhooks";
import { webhookEvents } from "@parley/schemas/management/webhooks";

/** A result webhook of `botId` stored as POST /bots/{botId}/webhooks stores it; returns its id and secret. */
export async function createTestWebhook(
  botId: string,
  url: string,
  events: readonly WebhookEvent[] = webhookEvents,
) {
  const id = createId();
  const secret = createWebhookSecret();
  await getPrisma().webhookSubscription.create({
    data: { id, botId, url, events: [...events], ...encryptWebhookSecret(secret, { id, botId }) },
  });
  return { id, secret };
}
