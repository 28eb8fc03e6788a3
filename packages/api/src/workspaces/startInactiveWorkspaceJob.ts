import { type Database, getPrisma } from "@parley/db";
import type { JobQueue } from "@parley/db/queue";
import { getPlatformAccount } from "@parley/integrations/email/createEmailSender";
import { queuePlatformEmail } from "@parley/integrations/email/emailSendJob";
import { platformEnv } from "@parley/platform/env";
import { createPeriodicJob, type PeriodicJob } from "@parley/platform/jobs/createPeriodicJob";
import { logger as defaultLogger, type Logger } from "@parley/platform/logger";
import { apiEnv } from "../env";
import { type InactivityRules, sendInactiveWorkspaceEmails } from "./sendInactiveWorkspaceEmails";

const HOUR_MS = 60 * 60 * 1000;
// Kept on globalThis so a reloaded module (Next.js development) does not start the job again.
declare global {
  var parleyInactiveWorkspaceJobStarted: boolean | undefined;
}

/** The inactivity e-mails as a cluster job on the queue: every builder process enqueues, one sends. */
export function createInactiveWorkspaceJob(options: {
  getPrisma: () => Database;
  getQueue?: () => JobQueue;
  logger: Logger;
  rules: () => InactivityRules;
  send: Parameters<typeof sendInactiveWorkspaceEmails>[2];
}): PeriodicJob {
  const { logger } = options;
  return createPeriodicJob({
    job: "inactiveWorkspaceEmails",
    getQueue: options.getQueue,
    run: () => sendInactiveWorkspaceEmails(options.getPrisma(), options.rules(), options.send),
    report: (run) => {
      if (run.firstEmails + run.secondEmails + run.failed + run.reactivated === 0) return;
      const log = run.failed > 0 ? logger.warn.bind(logger) : logger.info.bind(logger);
      log({ ...run }, "inactive workspaces: e-mails sent");
    },
    logger,
  });
}

/**
 * With INACTIVE_WORKSPACE_EMAIL_DAYS set, e-mails the ADMINs of inactive workspaces (at start-up, then hourly)
 * through the platform's SMTP account; without SMTP_HOST it logs an error once and sends nothing.
 * Starting it twice in one process is a no-op.
 */
export function startInactiveWorkspaceJob(intervalMs = HOUR_MS) {
  if (globalThis.parleyInactiveWorkspaceJobStarted || apiEnv.INACTIVE_WORKSPACE_EMAIL_DAYS === 0) return;
  globalThis.parleyInactiveWorkspaceJobStarted = true;
  if (!getPlatformAccount()) {
    defaultLogger.error(
      "INACTIVE_WORKSPACE_EMAIL_DAYS is set but SMTP_HOST is not: no inactivity e-mail will be sent",
    );
    return;
  }
  createInactiveWorkspaceJob({
    getPrisma,
    logger: defaultLogger,
    rules: () => ({
      inactiveDays: apiEnv.INACTIVE_WORKSPACE_EMAIL_DAYS,
      secondEmailAfterDays: apiEnv.INACTIVE_WORKSPACE_SECOND_EMAIL_DAYS,
      builderUrl: platformEnv.BUILDER_URL,
      now: new Date(),
    }),
    // Queued: sent (and retried) by an `email.send` worker of any process.
    send: (email) => queuePlatformEmail(email),
  }).start(intervalMs, { runAtStart: true });
}
