import { type Database, getLockPgPool, getPrisma, type Pool } from "@parley/db";
import { createPeriodicJob, type PeriodicJob } from "@parley/platform/jobs/createPeriodicJob";
import { logger as defaultLogger, type Logger } from "@parley/platform/logger";
import { closeBillingPeriods } from "./ensureInvoices";

const HOUR_MS = 60 * 60 * 1000;
// Kept on globalThis so a reloaded module (Next.js development) does not start the job again.
declare global {
  var parleyBillingJobStarted: boolean | undefined;
}

/**
 * Invoicing of closed billing periods as a cluster job: every builder process ticks, the one
 * holding the job's advisory lock invoices, the others skip that tick.
 */
export function createBillingJob(options: {
  getPrisma: () => Database;
  getLockPool: () => Pool;
  logger: Logger;
}): PeriodicJob {
  const { logger } = options;
  return createPeriodicJob({
    job: "billing",
    getLockPool: options.getLockPool,
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
  createBillingJob({ getPrisma, getLockPool: getLockPgPool, logger: defaultLogger }).start(intervalMs, {
    runAtStart: true,
  });
}
