import type { Pool } from "../pool";

/**
 * The advisory lock key of each periodic job: every process sharing the database runs a job's
 * tick under it, so N processes do the work once. One key per job, all of them here.
 */
export const jobLockKeys = {
  sessionCleanup: "parley.job.session-cleanup",
  billing: "parley.job.billing",
  inactiveWorkspaceEmails: "parley.job.inactive-workspace-emails",
  retention: "parley.job.retention",
} as const;

export type JobName = keyof typeof jobLockKeys;

export type JobOutcome<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `run` when no other process runs job `job` now, holding PostgreSQL's transaction-level
 * advisory lock on its key (`pg_try_advisory_xact_lock`) on a connection of `lockPool` for the
 * whole run; resolves `{ ran: false }` at once when another process holds it. The lock goes with
 * the connection, so a process that dies mid-run frees the job for the others' next tick.
 */
export async function runJobOnce<T>(
  lockPool: Pool,
  job: JobName,
  run: () => Promise<T>,
): Promise<JobOutcome<T>> {
  const client = await lockPool.connect();
  let isLocked: boolean;
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<{ locked: boolean }>({
      name: "tryJobLock",
      text: "SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS locked",
      values: [jobLockKeys[job]],
    });
    isLocked = rows[0]?.locked === true;
  } catch (error) {
    client.release(true);
    throw error;
  }
  try {
    return isLocked ? { ran: true, value: await run() } : { ran: false };
  } finally {
    // Nothing was written in this transaction: ending it only releases the lock.
    const isEnded = await client.query("COMMIT").then(
      () => true,
      () => false,
    );
    client.release(!isEnded);
  }
}
