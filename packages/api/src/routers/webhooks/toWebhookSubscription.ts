import { type WebhookSubscription, webhookEventSchema } from "@parley/schemas/management/webhooks";

export const webhookSubscriptionSelect = {
  id: true,
  botId: true,
  url: true,
  events: true,
  createdAt: true,
} as const;

export function toWebhookSubscription(row: {
  id: string;
  botId: string;
  url: string;
  events: string[];
  createdAt: Date;
}): WebhookSubscription {
  return {
    ...row,
    events: row.events.map((event) => webhookEventSchema.parse(event)),
    createdAt: row.createdAt.toISOString(),
  };
}
