import { getJobQueue, onJobQueueError, readJobQueueStats, stopJobQueue } from "@parley/db/queue";
import type { Logger } from "../logger";
import { addCollectedGauge } from "../metrics";

/**
 * Starts the process's job queue (`@parley/db/queue`) with its errors logged: every process that
 * runs background work (builder, viewer, chat server) calls it at start, before its jobs' `work`.
 */
export function startProcessJobQueue(logger: Logger): void {
  onJobQueueError((error) => logger.error({ err: error }, "job queue: background work failed"));
  // The cluster's queue (read from the database at each scrape): depth, running and dead jobs per job name.
  addCollectedGauge({
    name: "parley_job_queue_jobs",
    help: "Jobs of the cluster's queue by job name and state: waiting (new or between retries), active, failed (dead, kept 7 days)",
    labelNames: ["job", "state"],
    read: async () => {
      const stats = await readJobQueueStats().catch((error: unknown) => {
        logger.warn({ err: error }, "job queue: statistics not read");
        return [];
      });
      return stats.flatMap(({ name, waiting, active, failed }) => [
        { labels: { job: name, state: "waiting" }, value: waiting },
        { labels: { job: name, state: "active" }, value: active },
        { labels: { job: name, state: "failed" }, value: failed },
      ]);
    },
  });
  getJobQueue()
    .start()
    .catch((error: unknown) => logger.error({ err: error }, "job queue: not started"));
}

/**
 * In a process whose server has no shutdown of its own (the Next apps' servers): on SIGTERM or
 * SIGINT, stops taking jobs, waits up to `timeoutMs` for the running ones, then exits. A job still
 * running then is tried again by another process once its timeout passes.
 */
export function stopJobQueueOnSignals(logger: Logger, timeoutMs = 8_000): void {
  let isStopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      if (isStopping) return;
      isStopping = true;
      stopJobQueue(timeoutMs)
        .catch((error: unknown) => logger.error({ err: error }, "job queue: stop failed"))
        .finally(() => process.exit(0));
    });
  }
}
