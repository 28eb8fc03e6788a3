import type { Pool } from "@parley/db";
import type { Logger } from "@parley/platform/logger";
import { chatEnv } from "../core/env";
import { createFlowStore } from "../core/flows/createFlowStore";
import { createWebhookWorker } from "./createWebhookWorker";

/**
 * Delivers result webhooks from this process every WEBHOOK_POLL_INTERVAL_MS (0: not here). Every
 * chat process may run it: each claims different rows. Returns the stop function.
 */
export function startWebhookDeliveries(getPool: () => Pool, logger: Logger): () => void {
  if (chatEnv.WEBHOOK_POLL_INTERVAL_MS === 0) return () => {};
  const flows = createFlowStore(getPool, { maxEntries: 100, maxBytes: 64 * 1024 * 1024 });
  return createWebhookWorker({ getPool, flows, logger }).start(chatEnv.WEBHOOK_POLL_INTERVAL_MS);
}
