import { type WebhookSubscription, webhookEventSchema } from "@parley/schemas/management/webhooks";

export const webhookSubscriptionSelect = {
  id: true,
  botId: true,
  url: true,
  events: true,
  enabled: true,
  previousSecretExpiresAt: true,
  createdAt: true,
} as const;

export function toWebhookSubscription(
  row: {
    id: string;
    botId: string;
    url: string;
    events: string[];
    enabled: boolean;
    previousSecretExpiresAt: Date | null;
    createdAt: Date;
  },
  now = new Date(),
): WebhookSubscription {
  const { previousSecretExpiresAt, ...rest } = row;
  return {
    ...rest,
    events: row.events.map((event) => webhookEventSchema.parse(event)),
    // An overlap that has ended is over even before the worker erases the replaced secret.
    previousSecretExpiresAt:
      previousSecretExpiresAt && previousSecretExpiresAt > now ? previousSecretExpiresAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}
