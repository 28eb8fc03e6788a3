import { getUploadSettings } from "@parley/chat/core/files/getUploadSettings";
import { type Database, getLockPgPool, getPrisma, type Pool } from "@parley/db";
import type { UploadStorage } from "@parley/integrations/files/createUploadStorage";
import { createPeriodicJob, type PeriodicJob } from "@parley/platform/jobs/createPeriodicJob";
import { logger as defaultLogger, type Logger } from "@parley/platform/logger";
import { deleteExpiredAuditEntries } from "../audit/deleteExpiredAuditEntries";
import { apiEnv } from "../env";
import { deleteExpiredData, type RetentionRun } from "./deleteExpiredData";

const HOUR_MS = 60 * 60 * 1000;
// Kept on globalThis so a reloaded module (Next.js development) does not start the job again.
declare global {
  var parleyRetentionJobStarted: boolean | undefined;
}

/** A run of the job: the results' retention, then the audit log's (AUDIT_LOG_RETENTION_DAYS). */
export interface RetentionJobRun extends RetentionRun {
  auditLog?: { deleted: number; isComplete: boolean; cutoff: Date };
}

/**
 * Where a run's counts go: one structured line per bot that lost data (and per workspace, its bots'
 * sum), and one for the expired audit log entries.
 */
export function recordRetentionRun(run: RetentionJobRun, logger: Logger) {
  const byWorkspace = new Map<
    string,
    { results: number; answers: number; logs: number; sessions: number; files: number }
  >();
  for (const { workspaceId, botId, retentionDays, cutoff, ...counts } of run.deletions) {
    logger.info(
      { job: "retention", workspaceId, botId, retentionDays, cutoff: cutoff.toISOString(), ...counts },
      "retention: expired data deleted",
    );
    const total = byWorkspace.get(workspaceId) ?? { results: 0, answers: 0, logs: 0, sessions: 0, files: 0 };
    for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += counts[key];
    byWorkspace.set(workspaceId, total);
  }
  for (const [workspaceId, total] of byWorkspace)
    logger.info({ job: "retention", workspaceId, ...total }, "retention: workspace total");
  if (run.auditLog && run.auditLog.deleted > 0)
    logger.info(
      { job: "retention", auditLogEntries: run.auditLog.deleted, cutoff: run.auditLog.cutoff.toISOString() },
      "retention: expired audit log entries deleted",
    );
  if (!run.isComplete || run.auditLog?.isComplete === false)
    logger.info({ job: "retention" }, "retention: more to delete, continued on the next run");
}

/** Data retention as a cluster job: every builder process ticks, the one holding the job's lock deletes. */
export function createRetentionJob(options: {
  getPrisma: () => Database;
  getLockPool: () => Pool;
  getStorage: () => UploadStorage;
  logger: Logger;
  now?: () => Date;
  /** AUDIT_LOG_RETENTION_DAYS unless given (tests). */
  auditLogRetentionDays?: number;
}): PeriodicJob {
  const { logger } = options;
  return createPeriodicJob({
    job: "retention",
    getLockPool: options.getLockPool,
    run: async (): Promise<RetentionJobRun> => {
      const now = options.now?.();
      const run = await deleteExpiredData(options.getPrisma(), options.getStorage(), {
        now,
        onStorageError: (error, context) =>
          logger.error({ err: error, job: "retention", ...context }, "retention: uploaded files not deleted"),
      });
      const auditLog = await deleteExpiredAuditEntries(options.getPrisma(), {
        retentionDays: options.auditLogRetentionDays ?? apiEnv.AUDIT_LOG_RETENTION_DAYS,
        now,
      });
      return { ...run, auditLog };
    },
    report: (run) => recordRetentionRun(run, logger),
    logger,
  });
}

/**
 * Deletes what is older than each bot's retention (docs/deploy.md, "Data retention") and the audit log
 * entries older than AUDIT_LOG_RETENTION_DAYS at start-up and then every hour, in the builder process; one process of the cluster runs each tick. Nothing is deleted
 * while no workspace or bot sets a retention. Starting it twice in one process is a no-op.
 */
export function startRetentionJob(intervalMs = HOUR_MS) {
  if (globalThis.parleyRetentionJobStarted) return;
  globalThis.parleyRetentionJobStarted = true;
  createRetentionJob({
    getPrisma,
    getLockPool: getLockPgPool,
    getStorage: () => getUploadSettings().storage,
    logger: defaultLogger,
  }).start(intervalMs, { runAtStart: true });
}
