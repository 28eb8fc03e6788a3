import type { Database } from "@parley/db";
import { notFound } from "@parley/platform/errors";
import { webhookSubscriptionSelect } from "./toWebhookSubscription";

/** The subscription `webhookId` of `botId` (whose access was checked); NOT_FOUND otherwise. */
export async function findWebhook(prisma: Database, botId: string, webhookId: string) {
  const found = await prisma.webhookSubscription.findFirst({
    where: { id: webhookId, botId },
    select: webhookSubscriptionSelect,
  });
  if (!found) throw notFound();
  return found;
}
