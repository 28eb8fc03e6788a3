import type { Pool } from "@parley/db";
import { type JobName, runJobOnce } from "@parley/db/queries/runJobOnce";
import type { Logger } from "../logger";

export interface PeriodicJobOptions<T> {
  job: JobName;
  /** Pool of the connection that holds the job's lock during a run (not the one the work uses). */
  getLockPool: () => Pool;
  run: () => Promise<T>;
  /** Logs what a run did (called only in the process that ran it). */
  report: (value: T) => void;
  logger: Logger;
}

export interface PeriodicJob {
  /** One tick: runs the job unless it is running here or another process holds it. */
  tick: () => Promise<"ran" | "skipped" | "failed">;
  /** Ticks every `intervalMs` (and once at once when `runAtStart`); returns the stop function. */
  start: (intervalMs: number, options?: { runAtStart?: boolean }) => () => void;
}

/**
 * A background job that every process starts and the cluster runs once per tick: each tick takes
 * the job's advisory lock (`runJobOnce`), and a process that finds it held skips the tick.
 */
export function createPeriodicJob<T>(options: PeriodicJobOptions<T>): PeriodicJob {
  const { job, logger } = options;
  let isRunning = false;
  const tick = async (): Promise<"ran" | "skipped" | "failed"> => {
    if (isRunning) return "skipped";
    isRunning = true;
    try {
      const outcome = await runJobOnce(options.getLockPool(), job, options.run);
      if (!outcome.ran) {
        logger.debug({ job }, "job tick skipped: another process is running it");
        return "skipped";
      }
      options.report(outcome.value);
      return "ran";
    } catch (error) {
      logger.warn({ err: error, job }, "job tick failed");
      return "failed";
    } finally {
      isRunning = false;
    }
  };
  return {
    tick,
    start: (intervalMs, { runAtStart = false } = {}) => {
      if (runAtStart) void tick();
      const timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
