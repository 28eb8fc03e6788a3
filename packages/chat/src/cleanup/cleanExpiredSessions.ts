import type { Pool } from "@parley/db";
import { deleteExpiredChatSessions } from "@parley/db/queries/deleteExpiredChatSessions";
import type { JobQueue } from "@parley/db/queue";
import { createPeriodicJob, type PeriodicJob } from "@parley/platform/jobs/createPeriodicJob";
import type { Logger } from "@parley/platform/logger";
import { chatEnv } from "../core/env";

const BATCH_SIZE = 1_000;
/** Batches per run at most, so one run never holds the database for long. */
const MAX_BATCHES = 50;
/** Replay records (concurrent duplicates, Idempotency-Key retries) are kept this long. */
const RECORD_TTL_MS = 24 * 3_600_000;

/**
 * Deletes sessions whose expiry passed more than CHAT_SESSION_GRACE_HOURS ago
 * (ended sessions expire when they end; idle ones CHAT_SESSION_IDLE_HOURS or
 * the bot's sessionExpiryTimeout after their last turn) and old replay records,
 * in batches of 1,000 (index on expiresAt / createdAt).
 */
export async function cleanExpiredSessions(
  pool: Pool,
  options: { graceMs?: number; recordTtlMs?: number } = {},
): Promise<{ sessions: number; records: number }> {
  const total = { sessions: 0, records: 0 };
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const deleted = await deleteExpiredChatSessions(pool, {
      batchSize: BATCH_SIZE,
      graceMs: options.graceMs ?? chatEnv.CHAT_SESSION_GRACE_HOURS * 3_600_000,
      recordTtlMs: options.recordTtlMs ?? RECORD_TTL_MS,
    });
    total.sessions += deleted.sessions;
    total.records += deleted.records;
    if (deleted.sessions < BATCH_SIZE && deleted.records < BATCH_SIZE) break;
  }
  return total;
}

/**
 * The cleanup as a cluster job on the queue: every process enqueues each interval's run, one of
 * them runs it (and logs the count).
 */
export function createSessionCleanupJob(options: {
  getPool: () => Pool;
  logger: Logger;
  graceMs?: number;
  recordTtlMs?: number;
  getQueue?: () => JobQueue;
  timeoutSeconds?: number;
}): PeriodicJob {
  const { getPool, logger, graceMs, recordTtlMs } = options;
  return createPeriodicJob({
    job: "sessionCleanup",
    getQueue: options.getQueue,
    timeoutSeconds: options.timeoutSeconds,
    run: () => cleanExpiredSessions(getPool(), { graceMs, recordTtlMs }),
    report: (deleted) => {
      if (deleted.sessions + deleted.records > 0) logger.info(deleted, "expired chat sessions deleted");
    },
    logger,
  });
}

/** Runs the cleanup every CHAT_CLEANUP_INTERVAL_SECONDS, once per interval in the cluster. */
export function startSessionCleanup(getPool: () => Pool, logger: Logger): () => void {
  const intervalMs = chatEnv.CHAT_CLEANUP_INTERVAL_SECONDS * 1000;
  if (intervalMs === 0) return () => {};
  return createSessionCleanupJob({ getPool, logger }).start(intervalMs);
}
