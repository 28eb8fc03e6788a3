import type { Pool } from "@parley/db";
import type { Logger } from "@parley/platform/logger";
import { chatEnv } from "../core/env";
import { createFlowStore } from "../core/flows/createFlowStore";
import { createWebhookWorker } from "./createWebhookWorker";

/**
 * This process's share of the result webhooks: it works the queue's `webhook.deliver` jobs and turns
 * recorded events into deliveries every WEBHOOK_POLL_INTERVAL_MS (0: neither here). Every chat process
 * may run it: the queue gives each job to one of them. Returns the stop function.
 */
export function startWebhookDeliveries(getPool: () => Pool, logger: Logger): () => void {
  if (chatEnv.WEBHOOK_POLL_INTERVAL_MS === 0) return () => {};
  const flows = createFlowStore(getPool, { maxEntries: 100, maxBytes: 64 * 1024 * 1024 });
  return createWebhookWorker({ getPool, flows, logger }).start(chatEnv.WEBHOOK_POLL_INTERVAL_MS);
}
