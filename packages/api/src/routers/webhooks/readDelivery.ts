import type { Database } from "@parley/db";
import { badRequest } from "@parley/platform/errors";
import type { WebhookDelivery } from "@parley/schemas/management/webhooks";
import { webhookDeliverySchema } from "@parley/schemas/management/webhooks";

export const webhookDeliverySelect = {
  id: true,
  event: true,
  resultId: true,
  redeliveryOf: true,
  status: true,
  attempts: true,
  responseCode: true,
  error: true,
  createdAt: true,
  lastAttemptAt: true,
  nextAttemptAt: true,
  deliveredAt: true,
} as const;

type DeliveryRow = {
  id: string;
  event: string;
  resultId: string | null;
  redeliveryOf: string | null;
  status: WebhookDelivery["status"];
  attempts: number;
  responseCode: number | null;
  error: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date;
  deliveredAt: Date | null;
};

/** A delivery row as the API shows it. */
export function toWebhookDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    ...row,
    event: webhookDeliverySchema.shape.event.parse(row.event),
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === "PENDING" ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** The delivery just queued for `webhookId`. */
export async function readDelivery(prisma: Database, webhookId: string, deliveryId: string) {
  const row = await prisma.webhookDelivery.findFirstOrThrow({
    where: { id: deliveryId, subscriptionId: webhookId },
    select: webhookDeliverySelect,
  });
  return toWebhookDelivery(row);
}

/** Test pings and redeliveries go to webhooks that are on. */
export function assertWebhookEnabled(webhook: { enabled: boolean }) {
  if (!webhook.enabled)
    throw badRequest("The webhook is off: turn it on to send deliveries", "WEBHOOK_DISABLED");
}
