import { type Database, getPrisma } from "@parley/db";
import type { JobQueue } from "@parley/db/queue";
import { createPeriodicJob, type PeriodicJob } from "@parley/platform/jobs/createPeriodicJob";
import { logger as defaultLogger, type Logger } from "@parley/platform/logger";
import { closeBillingPeriods } from "./ensureInvoices";

const HOUR_MS = 60 * 60 * 1000;
// Kept on globalThis so a reloaded module (Next.js development) does not start the job again.
declare global {
  var parleyBillingJobStarted: boolean | undefined;
}

/**
 * Invoicing of closed billing periods as a cluster job on the queue: every builder process
 * enqueues each hour's run, one of them invoices.
 */
export function createBillingJob(options: {
  getPrisma: () => Database;
  logger: Logger;
  getQueue?: () => JobQueue;
  timeoutSeconds?: number;
}): PeriodicJob {
  const { logger } = options;
  return createPeriodicJob({
    job: "billing",
    getQueue: options.getQueue,
    timeoutSeconds: options.timeoutSeconds,
    run: () => closeBillingPeriods(options.getPrisma()),
    report: (created) => {
      if (created > 0) logger.info({ created }, "invoices created for closed billing periods");
    },
    logger,
  });
}

/**
 * Invoices closed billing periods at start-up and then every hour, in the
 * builder process (reads of usage and invoices also do it lazily, and both
 * are idempotent). Starting it twice in one process is a no-op.
 */
export function startBillingJob(intervalMs = HOUR_MS) {
  if (globalThis.parleyBillingJobStarted) return;
  globalThis.parleyBillingJobStarted = true;
  createBillingJob({ getPrisma, logger: defaultLogger }).start(intervalMs, {
    runAtStart: true,
  });
}
