import { randomUUID } from "node:crypto";
import PgBoss from "pg-boss";
import type { z } from "zod";
import { dbEnv } from "../env";
import { QUEUE_SCHEMA } from "./installJobQueueSchema";

/**
 * The durable job queue of every process: jobs are rows in PostgreSQL (pg-boss's `pgboss` schema,
 * created by `applyMigrations` and at start), so a job outlives the process that enqueued it or
 * was running it. Any process that `work`s a job name takes its share; a job is retried with
 * exponential backoff, and after its last try it stays in state `failed` (a dead job) for
 * `DEAD_JOB_DAYS` days, where `readQueueStats` counts it and SQL shows it.
 */

/** What a job name carries and how it is retried: one per kind of background work. */
export interface JobDefinition<Payload> {
  readonly name: string;
  readonly payload: z.ZodType<Payload>;
  /** Tries after the first one; then the job is dead. */
  readonly retryLimit: number;
  /** The pause before the first retry, in seconds; each next pause is about twice the previous one. */
  readonly retryDelaySeconds: number;
  /** A try running longer than this is presumed lost (its process died) and tried again. */
  readonly timeoutSeconds: number;
  /** One job per key at a time: at most one waiting and one running (periodic jobs, once per cluster). */
  readonly onePerKey: boolean;
}

/** Declares a kind of job: its name, the zod schema of its payload, and its retries. */
export function defineJob<Schema extends z.ZodType>(definition: {
  name: string;
  payload: Schema;
  retryLimit?: number;
  retryDelaySeconds?: number;
  timeoutSeconds?: number;
  onePerKey?: boolean;
}): JobDefinition<z.output<Schema>> {
  if (!/^[a-z][a-zA-Z0-9.-]{0,49}$/.test(definition.name)) {
    throw new Error(`invalid job name ${JSON.stringify(definition.name)}: letters, digits, dots and dashes`);
  }
  return {
    name: definition.name,
    payload: definition.payload as z.ZodType<z.output<Schema>>,
    retryLimit: definition.retryLimit ?? 5,
    retryDelaySeconds: definition.retryDelaySeconds ?? 5,
    timeoutSeconds: definition.timeoutSeconds ?? 15 * 60,
    onePerKey: definition.onePerKey ?? false,
  };
}

/** What a handler knows of the job it runs. */
export interface JobContext {
  id: string;
  /** 0 on the first try, then 1, 2… */
  retryCount: number;
}

export type JobHandler<Payload> = (payload: Payload, job: JobContext) => Promise<void>;

export interface EnqueueOptions {
  /**
   * The job's key: with `onePerKey` definitions, a second job of the same key is not added while
   * one waits; with `throttleSeconds`, one job per key and time slot in the whole cluster.
   */
  key?: string;
  throttleSeconds?: number;
  /** Not run before this many seconds from now. */
  startAfterSeconds?: number;
}

/** Per job name: jobs waiting (new or between retries), running, and dead (failed after their last try). */
export interface QueueStats {
  name: string;
  waiting: number;
  active: number;
  failed: number;
}

export interface JobQueueOptions {
  connectionString: string;
  /** Connections of the queue's own pool. */
  poolSize?: number;
  /** How often an idle worker looks for jobs (a job enqueued in this process wakes it at once). */
  pollingIntervalSeconds?: number;
  /** How often timed-out tries are failed (and retried) and old jobs archived. */
  maintenanceIntervalSeconds?: number;
  /** Errors of the queue's own background work (maintenance, polling): the process logs them. */
  onError?: (error: Error) => void;
}

/** Days a dead job stays in the `pgboss.job` table before it is archived. */
export const DEAD_JOB_DAYS = 7;

export class JobQueue {
  readonly #boss: PgBoss;
  readonly #knownQueues = new Map<string, Promise<void>>();
  readonly #pollingIntervalSeconds: number;
  #started: Promise<void> | undefined;
  #isStopped = false;

  constructor(options: JobQueueOptions) {
    this.#pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    this.#boss = new PgBoss({
      connectionString: options.connectionString,
      schema: QUEUE_SCHEMA,
      max: options.poolSize ?? 3,
      application_name: "parley-queue",
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
      // Periodic jobs are enqueued by createPeriodicJob's own timers (intervals, not cron lines).
      schedule: false,
      archiveFailedAfterSeconds: DEAD_JOB_DAYS * 24 * 3600,
    });
    this.#boss.on("error", (error) => options.onError?.(error));
  }

  /** Connects, creating or upgrading the queue's schema when needed. Calling it again is a no-op. */
  start(): Promise<void> {
    this.#started ??= this.#boss.start().then(() => undefined);
    return this.#started;
  }

  async #ensureQueue(definition: JobDefinition<unknown>): Promise<void> {
    await this.start();
    let created = this.#knownQueues.get(definition.name);
    if (!created) {
      created = this.#createQueue(definition);
      this.#knownQueues.set(definition.name, created);
      created.catch(() => this.#knownQueues.delete(definition.name));
    }
    return created;
  }

  async #createQueue(definition: JobDefinition<unknown>) {
    const options = {
      name: definition.name,
      policy: definition.onePerKey ? ("stately" as const) : ("standard" as const),
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: definition.timeoutSeconds,
    };
    for (let attempt = 1; ; attempt++) {
      try {
        if (await this.#boss.getQueue(definition.name))
          await this.#boss.updateQueue(definition.name, options);
        else await this.#boss.createQueue(definition.name, options);
        return;
      } catch (error) {
        // Another process created or changed it at the same moment: a duplicate, or PostgreSQL's deadlock
        // detection between the two processes' DDL. Look again, after a short random pause.
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
      }
    }
  }

  /**
   * Adds a job (its payload checked against the definition's schema: a wrong payload throws here,
   * not in the worker). Resolves the job's id, or null when its key already has one (see `key`).
   */
  async enqueue<Payload>(
    definition: JobDefinition<Payload>,
    payload: Payload,
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    const data = definition.payload.parse(payload) as object;
    await this.#ensureQueue(definition as JobDefinition<unknown>);
    return this.#boss.send(definition.name, data, {
      singletonKey: options.key,
      singletonSeconds: options.throttleSeconds,
      startAfter: options.startAfterSeconds,
    });
  }

  /**
   * Adds one job per payload inside the caller's transaction (`client`, one statement), so the jobs
   * exist exactly when the rows that caused them do. The jobs are taken in the given order (their
   * ids sort that way, and they share their creation time). Payloads are checked as in `enqueue`.
   */
  async enqueueInTransaction<Payload>(
    definition: JobDefinition<Payload>,
    payloads: readonly Payload[],
    client: { query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> },
  ): Promise<void> {
    if (payloads.length === 0) return;
    const data = payloads.map((payload) => definition.payload.parse(payload) as object);
    await this.#ensureQueue(definition as JobDefinition<unknown>);
    const jobs = data.map((item, index) => ({
      // A random id whose first 8 hex digits are the position: ordered within the statement.
      id: `${index.toString(16).padStart(8, "0")}${randomUUID().slice(8)}`,
      name: definition.name,
      data: item,
    }));
    await this.#boss.insert(jobs, {
      db: { executeSql: (text: string, values: unknown[]) => client.query(text, values) },
    });
  }

  /**
   * Runs `handler` on jobs of `definition` in this process, one at a time per call (`concurrency`
   * workers for more), until `stop` or the returned function. A handler that throws fails the try:
   * the job is retried after its backoff, or dies after its last try.
   */
  async work<Payload>(
    definition: JobDefinition<Payload>,
    handler: JobHandler<Payload>,
    options: { concurrency?: number } = {},
  ): Promise<() => Promise<void>> {
    await this.#ensureQueue(definition as JobDefinition<unknown>);
    const ids: string[] = [];
    for (let worker = 0; worker < (options.concurrency ?? 1); worker++) {
      ids.push(
        await this.#boss.work<Payload>(
          definition.name,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.#pollingIntervalSeconds },
          async ([job]) => {
            if (!job) return;
            await handler(definition.payload.parse(job.data), { id: job.id, retryCount: job.retryCount });
          },
        ),
      );
    }
    return async () => {
      for (const id of ids) await this.#boss.offWork({ id });
    };
  }

  /**
   * Takes one due job of `definition`, if any, and runs it here: "ran", "failed" (it will be
   * retried or is dead), or "none" when no job was due or its key's job is running elsewhere.
   */
  async runOne<Payload>(definition: JobDefinition<Payload>, handler: JobHandler<Payload>) {
    await this.#ensureQueue(definition as JobDefinition<unknown>);
    const [job] = await this.#boss.fetch<Payload>(definition.name, { includeMetadata: true });
    if (!job) return "none" as const;
    try {
      await handler(definition.payload.parse(job.data), { id: job.id, retryCount: job.retryCount });
    } catch (error) {
      await this.#boss.fail(definition.name, job.id, serializeError(error));
      return "failed" as const;
    }
    await this.#boss.complete(definition.name, job.id);
    return "ran" as const;
  }

  /** Deletes a job that is no longer needed (its work was done another way), whatever its state. */
  async deleteJob(definition: JobDefinition<unknown>, id: string): Promise<void> {
    await this.start();
    await this.#boss.deleteJob(definition.name, id);
  }

  /** Fails the tries that ran past their timeout (their process died), so they are retried. The queue does it every maintenance interval. */
  async expireTimedOut(): Promise<void> {
    await this.start();
    await this.#boss.expire();
  }

  /** Jobs waiting, running and dead per job name (only names with jobs). */
  async readQueueStats(): Promise<QueueStats[]> {
    await this.start();
    const { rows } = await this.#boss.getDb().executeSql(
      `SELECT name, count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS waiting,
           count(*) FILTER (WHERE state = 'active')::int AS active,
           count(*) FILTER (WHERE state = 'failed')::int AS failed
         FROM ${QUEUE_SCHEMA}.job GROUP BY name ORDER BY name`,
      [],
    );
    return rows as QueueStats[];
  }

  /** The dead jobs of a job name, newest first, with their last error. */
  async readDeadJobs(name: string, limit = 50) {
    await this.start();
    const { rows } = await this.#boss.getDb().executeSql(
      `SELECT id, data, output AS error, retry_count AS "retryCount", created_on AS "createdOn",
         completed_on AS "failedOn"
       FROM ${QUEUE_SCHEMA}.job WHERE name = $1 AND state = 'failed' ORDER BY completed_on DESC LIMIT $2`,
      [name, limit],
    );
    return rows as {
      id: string;
      data: unknown;
      error: unknown;
      retryCount: number;
      createdOn: Date;
      failedOn: Date;
    }[];
  }

  /**
   * Stops taking jobs, waits up to `timeoutMs` for the running ones to finish (a try still running
   * then is retried elsewhere after its timeout), and closes the queue's pool.
   */
  async stop(timeoutMs = 20_000): Promise<void> {
    if (this.#isStopped || !this.#started) return;
    this.#isStopped = true;
    await this.#started.catch(() => undefined);
    await this.#boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
  }
}

/**
 * Starts a worker (`start`, e.g. `() => queue.work(…)`) and, while it cannot start (the database cannot be
 * reached, say), starts it again after 1 s, then twice as long each time up to a minute, until the returned
 * stop function is called; that function also stops the worker once started. `onFailure` hears the first
 * failed start and then one in ten, so a long outage logs little.
 */
export function startWorkerUntilStopped(
  start: () => Promise<() => Promise<void>>,
  onFailure: (error: unknown, failedStarts: number) => void,
): () => void {
  let isStopped = false;
  let stopWorker: (() => Promise<void>) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failedStarts = 0;
  const attempt = () => {
    start().then(
      (stop) => {
        if (isStopped) void stop().catch(() => {});
        else stopWorker = stop;
      },
      (error: unknown) => {
        failedStarts += 1;
        if (failedStarts % 10 === 1) onFailure(error, failedStarts);
        if (isStopped) return;
        timer = setTimeout(attempt, Math.min(60_000, 1_000 * 2 ** Math.min(6, failedStarts - 1)));
        timer.unref();
      },
    );
  };
  attempt();
  return () => {
    isStopped = true;
    clearTimeout(timer);
    void stopWorker?.().catch(() => {});
  };
}

function serializeError(error: unknown): object {
  return error instanceof Error ? { message: error.message, name: error.name } : { message: String(error) };
}

// Kept on globalThis so a reloaded module (Next.js development) reuses the queue it started.
declare global {
  var parleyJobQueue: JobQueue | undefined;
}

/** The process's queue on DATABASE_URL (started on first use). */
export function getJobQueue(): JobQueue {
  if (!globalThis.parleyJobQueue) {
    if (!dbEnv.DATABASE_URL) {
      throw new Error(
        "DATABASE_URL is not set: start the apps with `npm start`, which provides the database",
      );
    }
    globalThis.parleyJobQueue = new JobQueue({
      connectionString: dbEnv.DATABASE_URL,
      onError: (error) => queueErrorListener?.(error),
    });
  }
  return globalThis.parleyJobQueue;
}

let queueErrorListener: ((error: Error) => void) | undefined;

/** Where the process's queue reports errors of its background work (the process's logger). */
export function onJobQueueError(listener: (error: Error) => void) {
  queueErrorListener = listener;
}

/**
 * Queue depth per job name for metrics: jobs waiting (new or between retries), running, and dead
 * (failed after their last try), read from PostgreSQL, so every process reports the cluster's.
 */
export function readJobQueueStats(): Promise<QueueStats[]> {
  return getJobQueue().readQueueStats();
}

/**
 * Stops the process's queue gracefully, if it was started (SIGTERM), and forgets it: a later `getJobQueue` gets a
 * new one instead of the stopped queue (whose pool is closed), as test files sharing a process need.
 */
export async function stopJobQueue(timeoutMs?: number): Promise<void> {
  const queue = globalThis.parleyJobQueue;
  if (!queue) return;
  await queue.stop(timeoutMs);
  if (globalThis.parleyJobQueue === queue) globalThis.parleyJobQueue = undefined;
}
