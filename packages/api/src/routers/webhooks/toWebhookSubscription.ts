import type { WebhookEvent, WebhookSubscription } from "@parley/schemas/management/webhooks";

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
  return { ...row, events: row.events as WebhookEvent[], createdAt: row.createdAt.toISOString() };
}
