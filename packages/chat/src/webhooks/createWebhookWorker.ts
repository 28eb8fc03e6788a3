import { type Database, getPrisma, type Pool } from "@parley/db";
import { fanOutWebhookEvents } from "@parley/db/queries/fanOutWebhookEvents";
import {
  failOrphanedWebhookDeliveries,
  finishWebhookDelivery,
  giveUpWebhookDelivery,
  pruneWebhookDeliveries,
  type WebhookAttemptOutcome,
} from "@parley/db/queries/finishWebhookDelivery";
import { startWebhookAttempt } from "@parley/db/queries/startWebhookAttempt";
import { dropExpiredWebhookSecrets } from "@parley/db/queries/takeWebhookEvents";
import { getJobQueue, type JobContext, type JobQueue, startWorkerUntilStopped } from "@parley/db/queue";
import { decryptWebhookSecret } from "@parley/integrations/webhooks/webhookSecret";
import { logger as defaultLogger, type Logger } from "@parley/platform/logger";
import { chatEnv } from "../core/env";
import type { FlowStore } from "../core/flows/createFlowStore";
import { buildWebhookPayload } from "./buildWebhookPayload";
import { sendWebhookDelivery, type WebhookSendResult } from "./sendWebhookDelivery";
import { earliestRetryAt, queueJobsOn, webhookDeliveryJob } from "./webhookDeliveryJob";

export interface WebhookWorkerOptions {
  getPool: () => Pool;
  flows: FlowStore;
  prisma?: Database;
  /** The queue holding the deliveries' jobs (default: the process's queue on DATABASE_URL). */
  getQueue?: () => JobQueue;
  /** Hosts deliveries may reach on top of OUTBOUND_ALLOWED_HOSTS (tests: a receiver on loopback). */
  allowList?: readonly string[];
  timeoutMs?: number;
  retryWindowMs?: number;
  /** Jobs this process runs at once (`start`). */
  concurrency?: number;
  now?: () => Date;
  logger?: Logger;
}

export interface WebhookWorker {
  /** Fans out recorded events, then runs here every delivery job that is due, one after the other; resolves with the attempts made. */
  runOnce: () => Promise<number>;
  /**
   * Works the deliveries' jobs in this process, and fans out recorded events every `intervalMs`
   * (never two fan-outs at once in this process); returns the stop function.
   */
  start: (intervalMs: number) => () => void;
}

/** Events turned into deliveries per statement, and statements per fan-out. */
const FAN_OUT_BATCH = 500;
const MAX_FAN_OUT_BATCHES = 10;
/** How often replaced secrets whose overlap ended are erased and orphaned deliveries failed. */
const HOUSEKEEPING_EVERY_MS = 60_000;
/**
 * A delivery still pending this long after its retry window is an orphan: its try that would have recorded
 * the outcome never ran (the last try's process died; the queue gave up on the job).
 */
export const ORPHANED_AFTER_WINDOW_MS = 3_600_000;
export const ORPHANED_DELIVERY_ERROR =
  "No try could record an outcome before the retry window ended (the process sending it stopped); redeliver it to try again";
/** Jobs `runOnce` runs at most. */
const MAX_JOBS_PER_RUN = 1_000;

/** A try that is to be retried: the queue runs the job again after its backoff. */
export class WebhookRetryError extends Error {}

/**
 * The result webhooks' deliveries on the job queue. The turns record result events (in their own
 * statement); the fan-out, run every WEBHOOK_POLL_INTERVAL_MS by each process (SKIP LOCKED), turns
 * them into one delivery per subscription and its `webhook.deliver` job in one transaction. A job's
 * try builds the body on the first attempt, signs and sends it, and records the outcome: delivered
 * on 2xx, failed for good on a refused address, else retried by the queue with exponential backoff
 * and jitter until the retry window has passed, then failed.
 */
export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const settings = {
    timeoutMs: options.timeoutMs ?? chatEnv.WEBHOOK_TIMEOUT_MS,
    retryWindowMs: options.retryWindowMs ?? chatEnv.WEBHOOK_RETRY_HOURS * 3_600_000,
    allowList: options.allowList ?? [],
  };
  const now = options.now ?? (() => new Date());
  const log = options.logger ?? defaultLogger;
  const prisma = () => options.prisma ?? getPrisma();
  const getQueue = options.getQueue ?? getJobQueue;

  /** The outcome to record: a retry unless its earliest time falls past the retry window or the job has no try left. */
  const toOutcome = (
    result: WebhookSendResult,
    timing: { now: Date; createdAt: Date; attempts: number; job: JobContext },
  ): WebhookAttemptOutcome => {
    if (result.kind === "delivered") return { status: "DELIVERED", responseCode: result.responseCode };
    if (result.kind === "refused") return { status: "FAILED", responseCode: null, error: result.error };
    const nextAttemptAt = earliestRetryAt(timing.now, timing.job.retryCount);
    if (
      timing.job.retryCount >= webhookDeliveryJob.retryLimit ||
      nextAttemptAt.getTime() - timing.createdAt.getTime() > settings.retryWindowMs
    ) {
      return {
        status: "FAILED",
        responseCode: result.responseCode,
        error: `${result.error} (gave up after ${timing.attempts} attempts)`,
      };
    }
    return { status: "PENDING", nextAttemptAt, responseCode: result.responseCode, error: result.error };
  };

  /** One try of a delivery's job: whether an attempt was made. Throws WebhookRetryError to have the queue retry. */
  const deliver = async (deliveryId: string, job: JobContext): Promise<boolean> => {
    const startedAt = now();
    const delivery = await startWebhookAttempt(options.getPool(), { id: deliveryId, now: startedAt });
    if (!delivery) return false;
    let body = delivery.payload;
    if (body === null && delivery.resultId !== null) {
      const payload = await buildWebhookPayload(prisma(), options.flows, {
        ...delivery,
        resultId: delivery.resultId,
      });
      // The result was deleted meanwhile: its deliveries are deleted with it.
      if (!payload) return false;
      body = JSON.stringify({ id: delivery.id, ...payload });
    }
    // Pings and redeliveries are queued with their body.
    if (body === null) return false;
    const finish = async (outcome: WebhookAttemptOutcome, at: Date) => {
      await finishWebhookDelivery(options.getPool(), { id: delivery.id, payload: body, now: at, outcome });
      if (outcome.status !== "PENDING")
        await pruneWebhookDeliveries(options.getPool(), [delivery.subscriptionId]);
    };
    const owner = { id: delivery.subscriptionId, botId: delivery.botId };
    const secrets: string[] = [];
    try {
      secrets.push(
        decryptWebhookSecret({ ...owner, secretData: delivery.secretData, secretIv: delivery.secretIv }),
      );
      // During a rotation's overlap, signed with the replaced secret too.
      if (delivery.previousSecretData !== null && delivery.previousSecretIv !== null) {
        secrets.push(
          decryptWebhookSecret({
            ...owner,
            secretData: delivery.previousSecretData,
            secretIv: delivery.previousSecretIv,
          }),
        );
      }
    } catch {
      await finish(
        {
          status: "FAILED",
          responseCode: null,
          error: "The signing secret cannot be decrypted (was ENCRYPTION_SECRET changed?)",
        },
        startedAt,
      );
      return true;
    }
    const result = await sendWebhookDelivery({
      deliveryId: delivery.id,
      event: delivery.event,
      url: delivery.url,
      secrets,
      body,
      now: startedAt,
      timeoutMs: settings.timeoutMs,
      allowList: settings.allowList,
    });
    const finishedAt = now();
    const outcome = toOutcome(result, {
      now: finishedAt,
      createdAt: delivery.createdAt,
      attempts: delivery.attempts,
      job,
    });
    await finish(outcome, finishedAt);
    if (outcome.status === "PENDING") throw new WebhookRetryError(outcome.error);
    return true;
  };

  /**
   * One try of a delivery's job, as `deliver`; a try that fails with an error of its own (not a retry the
   * delivery asked for) on the job's last try fails the delivery, which would else stay pending forever.
   */
  const attemptDelivery = async (deliveryId: string, job: JobContext): Promise<boolean> => {
    try {
      return await deliver(deliveryId, job);
    } catch (error) {
      if (!(error instanceof WebhookRetryError) && job.retryCount >= webhookDeliveryJob.retryLimit) {
        const reason = (error instanceof Error ? error.message : String(error)).trim().split("\n")[0] ?? "";
        const subscriptionId = await giveUpWebhookDelivery(options.getPool(), {
          id: deliveryId,
          error: `The delivery could not be attempted: ${reason.slice(0, 300)} (gave up after ${job.retryCount + 1} tries)`,
        }).catch((giveUpError: unknown) => {
          log.error({ err: giveUpError, deliveryId }, "webhook delivery could not be marked failed");
          return null;
        });
        if (subscriptionId) await pruneWebhookDeliveries(options.getPool(), [subscriptionId]).catch(() => 0);
      }
      throw error;
    }
  };

  let housekeptAt = 0;
  /**
   * Turns recorded events into deliveries and their jobs; erases replaced secrets whose overlap ended and fails
   * the deliveries orphaned past their retry window.
   */
  const fanOut = async () => {
    const queueJobs = queueJobsOn(getQueue());
    for (let batch = 0; batch < MAX_FAN_OUT_BATCHES; batch++) {
      if ((await fanOutWebhookEvents(options.getPool(), FAN_OUT_BATCH, queueJobs)) < FAN_OUT_BATCH) break;
    }
    const startedAt = now();
    if (startedAt.getTime() - housekeptAt >= HOUSEKEEPING_EVERY_MS) {
      await dropExpiredWebhookSecrets(options.getPool(), startedAt);
      const orphaned = await failOrphanedWebhookDeliveries(options.getPool(), {
        createdBefore: new Date(startedAt.getTime() - settings.retryWindowMs - ORPHANED_AFTER_WINDOW_MS),
        error: ORPHANED_DELIVERY_ERROR,
        jobName: webhookDeliveryJob.name,
      });
      if (orphaned.length > 0) await pruneWebhookDeliveries(options.getPool(), orphaned);
      housekeptAt = startedAt.getTime();
    }
  };

  const runOnce = async () => {
    await fanOut();
    let attempts = 0;
    for (let run = 0; run < MAX_JOBS_PER_RUN; run++) {
      const outcome = await getQueue().runOne(webhookDeliveryJob, async ({ deliveryId }, job) => {
        try {
          if (await attemptDelivery(deliveryId, job)) attempts += 1;
        } catch (error) {
          if (error instanceof WebhookRetryError) attempts += 1;
          throw error;
        }
      });
      if (outcome === "none") break;
    }
    return attempts;
  };

  return {
    runOnce,
    start: (intervalMs) => {
      const stopWorking = startWorkerUntilStopped(
        () =>
          getQueue().work(
            webhookDeliveryJob,
            async ({ deliveryId }, job) => {
              await attemptDelivery(deliveryId, job).catch((error: unknown) => {
                if (!(error instanceof WebhookRetryError))
                  log.warn(
                    { err: error, deliveryId },
                    "webhook delivery attempt failed; the queue retries it",
                  );
                throw error;
              });
            },
            { concurrency: options.concurrency ?? 4 },
          ),
        (error, failedStarts) =>
          log.error({ err: error, failedStarts }, "webhook deliveries: worker not started; trying again"),
      );
      let isRunning = false;
      const timer = setInterval(() => {
        if (isRunning) return;
        isRunning = true;
        fanOut()
          .catch((error: unknown) => log.warn({ err: error }, "webhook events could not be fanned out"))
          .finally(() => {
            isRunning = false;
          });
      }, intervalMs);
      timer.unref();
      return () => {
        clearInterval(timer);
        stopWorking();
      };
    },
  };
}
