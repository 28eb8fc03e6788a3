import { type Database, getPrisma } from "@parley/db";
import { createPeriodicJob, type PeriodicJob } from "@parley/platform/jobs/createPeriodicJob";
import { logger as defaultLogger, type Logger } from "@parley/platform/logger";
import { type CanaryRollback, evaluateCanaryRollbacks } from "./evaluateCanaryRollbacks";

const MINUTE_MS = 60 * 1000;
// Kept on globalThis so a reloaded module (Next.js development) does not start the job again.
declare global {
  var parleyCanaryRollbackJobStarted: boolean | undefined;
}

/** One log line per canary the rule rolled back, with the numbers that decided it. */
export function recordCanaryRollbacks(rollbacks: CanaryRollback[], logger: Logger) {
  for (const { botId, workspaceId, version, comparison } of rollbacks)
    logger.warn(
      {
        job: "canaryRollback",
        botId,
        workspaceId,
        version,
        canaryChats: comparison.canary.totalViews,
        canaryCompletionRate: comparison.canary.completionRate,
        currentCompletionRate: comparison.current.completionRate,
        pValue: comparison.completionRate.pValue,
      },
      "canary rolled back by its automatic rule",
    );
}

/** The automatic rollback rule as a cluster job (the durable queue runs each tick in one process). */
export function createCanaryRollbackJob(options: { getPrisma: () => Database; logger: Logger }): PeriodicJob {
  return createPeriodicJob({
    job: "canaryRollback",
    run: () => evaluateCanaryRollbacks(options.getPrisma()),
    report: (rollbacks) => recordCanaryRollbacks(rollbacks, options.logger),
    logger: options.logger,
    timeoutSeconds: 5 * 60,
  });
}

/**
 * Checks every running canary's automatic rollback rule (docs/publishing.md, "Canary releases") at start-up and
 * then every minute, in the builder process; once per cluster per minute. Starting it twice in one process is a no-op.
 */
export function startCanaryRollbackJob(intervalMs = MINUTE_MS) {
  if (globalThis.parleyCanaryRollbackJobStarted) return;
  globalThis.parleyCanaryRollbackJobStarted = true;
  createCanaryRollbackJob({ getPrisma, logger: defaultLogger }).start(intervalMs, { runAtStart: true });
}
