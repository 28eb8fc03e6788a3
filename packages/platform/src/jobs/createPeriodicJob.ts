import type { Pool } from "@parley/db";
import { defineJob, getJobQueue, type JobQueue } from "@parley/db/queue";
import { z } from "zod";
import type { Logger } from "../logger";

/** A periodic job's name, unique in the cluster (its queue is `periodic.<job>`). */
export type JobName = string;

export interface PeriodicJobOptions<T> {
  job: JobName;
  /**
   * Accepted for callers written when each tick took an advisory lock on this pool; the queue
   * (PostgreSQL, its own pool) decides now which process runs a tick, so it is not used.
   */
  getLockPool?: () => Pool;
  run: () => Promise<T>;
  /** Logs what a run did (called only in the process that ran it). */
  report: (value: T) => void;
  logger: Logger;
  /** A run longer than this is presumed lost with its process and run again elsewhere (default 15 minutes). */
  timeoutSeconds?: number;
  /** The queue that runs it (default: the process's queue on DATABASE_URL). */
  getQueue?: () => JobQueue;
}

export interface PeriodicJob {
  /** One tick, now: runs the job here unless it is running here or in another process. */
  tick: () => Promise<"ran" | "skipped" | "failed">;
  /**
   * Runs the job once per `intervalMs` in the whole cluster (and once at once when `runAtStart`):
   * every process enqueues a run for each slot of the interval, the queue keeps one per slot, and
   * one process's worker runs it (a failed run is retried with backoff). Returns the stop function.
   */
  start: (intervalMs: number, options?: { runAtStart?: boolean }) => () => void;
}

/** The queue's throttling slots are at most 12 hours (the time completed jobs are kept). */
const MAX_SLOT_SECONDS = 12 * 3600;

/** The queue definition of periodic job `job`: one run waiting and one running at most. */
export function periodicJobDefinition(job: JobName, timeoutSeconds = 15 * 60) {
  return defineJob({
    name: `periodic.${job}`,
    payload: z.object({}),
    retryLimit: 3,
    retryDelaySeconds: 30,
    timeoutSeconds,
    onePerKey: true,
  });
}

/**
 * A background job that every process starts and the cluster runs once per interval, through the
 * job queue (`@parley/db/queue`): a run is a job of `periodic.<job>`, retried with backoff when it
 * throws, and run again elsewhere when its process dies.
 */
export function createPeriodicJob<T>(options: PeriodicJobOptions<T>): PeriodicJob {
  const { job, logger } = options;
  const getQueue = options.getQueue ?? getJobQueue;
  const definition = periodicJobDefinition(job, options.timeoutSeconds);
  let isRunning = false;
  const runHere = async () => {
    isRunning = true;
    try {
      options.report(await options.run());
    } catch (error) {
      logger.warn({ err: error, job }, "job run failed");
      throw error;
    } finally {
      isRunning = false;
    }
  };
  const tick = async (): Promise<"ran" | "skipped" | "failed"> => {
    if (isRunning) return "skipped";
    try {
      const queue = getQueue();
      await queue.enqueue(definition, {}, { key: job });
      const outcome = await queue.runOne(definition, runHere);
      if (outcome === "none") {
        logger.debug({ job }, "job tick skipped: another process is running it");
        return "skipped";
      }
      return outcome;
    } catch (error) {
      logger.warn({ err: error, job }, "job tick failed");
      return "failed";
    }
  };
  return {
    tick,
    start: (intervalMs, { runAtStart = false } = {}) => {
      const queue = getQueue();
      const slotSeconds = Math.min(MAX_SLOT_SECONDS, Math.max(1, Math.round(intervalMs / 1000)));
      const enqueue = (throttle: boolean) =>
        void queue
          .enqueue(definition, {}, { key: job, throttleSeconds: throttle ? slotSeconds : undefined })
          .catch((error: unknown) => logger.warn({ err: error, job }, "job not enqueued"));
      let isStopped = false;
      const working = queue.work(definition, runHere).catch((error: unknown) => {
        logger.error({ err: error, job }, "job worker not started");
        return async () => {};
      });
      if (runAtStart) enqueue(true);
      const timer = setInterval(() => enqueue(true), intervalMs);
      timer.unref();
      return () => {
        if (isStopped) return;
        isStopped = true;
        clearInterval(timer);
        void working.then((stopWorking) => stopWorking()).catch(() => {});
      };
    },
  };
}
