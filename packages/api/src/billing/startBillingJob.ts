import { getPrisma } from "@parley/db";
import { logger } from "@parley/platform/logger";
import { apiEnv } from "../env";
import { closeBillingPeriods } from "./ensureInvoices";

const HOUR_MS = 60 * 60 * 1000;
const started = Symbol.for("parley.billingJob");

/**
 * Invoices closed billing periods at start-up and then every hour, in the
 * builder process (reads of usage and invoices also do it lazily, and both
 * are idempotent). Starting it twice in one process is a no-op.
 */
export function startBillingJob(intervalMs = HOUR_MS) {
  const registry = globalThis as { [started]?: boolean };
  if (registry[started]) return;
  registry[started] = true;
  if (apiEnv.STRIPE_SECRET_KEY) {
    logger.warn(
      "STRIPE_SECRET_KEY is set, but this release takes no payment: invoices come from its own ledger",
    );
  }
  const run = () =>
    closeBillingPeriods(getPrisma())
      .then((created) => {
        if (created > 0) logger.info({ created }, "invoices created for closed billing periods");
      })
      .catch((error: unknown) => logger.error({ err: error }, "billing job failed"));
  void run();
  setInterval(run, intervalMs).unref();
}
