import { type Database, getPrisma, type Pool } from "@parley/db";
import {
  type ClaimedWebhookDelivery,
  claimWebhookDeliveries,
} from "@parley/db/queries/claimWebhookDeliveries";
import { fanOutWebhookEvents } from "@parley/db/queries/fanOutWebhookEvents";
import { finishWebhookDelivery, pruneWebhookDeliveries } from "@parley/db/queries/finishWebhookDelivery";
import { dropExpiredWebhookSecrets } from "@parley/db/queries/takeWebhookEvents";
import { decryptWebhookSecret } from "@parley/integrations/webhooks/webhookSecret";
import { logger as defaultLogger, type Logger } from "@parley/platform/logger";
import { chatEnv } from "../core/env";
import type { FlowStore } from "../core/flows/createFlowStore";
import { buildWebhookPayload } from "./buildWebhookPayload";
import { getWebhookRetryDelay } from "./getWebhookRetryDelay";
import { sendWebhookDelivery, toAttemptOutcome } from "./sendWebhookDelivery";

export interface WebhookWorkerOptions {
  getPool: () => Pool;
  flows: FlowStore;
  prisma?: Database;
  /** Hosts deliveries may reach on top of OUTBOUND_ALLOWED_HOSTS (tests: a receiver on loopback). */
  allowList?: readonly string[];
  timeoutMs?: number;
  retryWindowMs?: number;
  /** First retry pause (doubled per attempt) and the longest pause. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Deliveries claimed at once (sent in order per subscription, subscriptions concurrently). */
  batchSize?: number;
  now?: () => Date;
  random?: () => number;
  logger?: Logger;
}

export interface WebhookWorker {
  /** Fans out recorded events, then sends what is due now, batch after batch (at most 10); resolves with the attempts made. */
  runOnce: () => Promise<number>;
  /** Runs `runOnce` every `intervalMs` (never two at once in this process); returns the stop function. */
  start: (intervalMs: number) => () => void;
}

type PayloadCache = Map<string, ReturnType<typeof buildWebhookPayload>>;

const MAX_BATCHES_PER_RUN = 10;
/** Events turned into deliveries per statement. */
const FAN_OUT_BATCH = 500;
/** How often replaced secrets whose overlap ended are erased. */
const DROP_SECRETS_EVERY_MS = 60_000;
/** Claimed rows stay invisible to other processes this long past the attempt's time-out. */
const LEASE_MARGIN_MS = 30_000;

/**
 * The delivery side of the result webhooks' outbox: turns the events the turns recorded into one
 * delivery per subscription, then claims due deliveries (FOR UPDATE SKIP LOCKED, so
 * several processes deliver each row once per attempt), builds the body on the first attempt,
 * signs and sends it, and records the outcome: delivered on 2xx, else retried with exponential
 * backoff and jitter until the retry window has passed, then failed.
 */
export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const settings = {
    timeoutMs: options.timeoutMs ?? chatEnv.WEBHOOK_TIMEOUT_MS,
    retryWindowMs: options.retryWindowMs ?? chatEnv.WEBHOOK_RETRY_HOURS * 3_600_000,
    retryBaseMs: options.retryBaseMs ?? 30_000,
    retryMaxMs: options.retryMaxMs ?? 3_600_000,
    batchSize: options.batchSize ?? 20,
    allowList: options.allowList ?? [],
  };
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const log = options.logger ?? defaultLogger;
  const prisma = () => options.prisma ?? getPrisma();

  const attempt = async (delivery: ClaimedWebhookDelivery, payloads: PayloadCache) => {
    let body = delivery.payload;
    if (body === null && delivery.resultId !== null) {
      // Subscriptions to the same event share one payload (built once per batch).
      const key = `${delivery.event}\u0000${delivery.resultId}\u0000${delivery.answerIndex}`;
      let building = payloads.get(key);
      if (!building) {
        building = buildWebhookPayload(prisma(), options.flows, { ...delivery, resultId: delivery.resultId });
        payloads.set(key, building);
      }
      const payload = await building;
      // The result was deleted meanwhile: its deliveries are deleted with it.
      if (!payload) return;
      body = JSON.stringify({ id: delivery.id, ...payload });
    }
    // Pings and redeliveries are queued with their body.
    if (body === null) return;
    const startedAt = now();
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
      await finishWebhookDelivery(options.getPool(), {
        id: delivery.id,
        payload: body,
        now: startedAt,
        outcome: {
          status: "FAILED",
          responseCode: null,
          error: "The signing secret cannot be decrypted (was ENCRYPTION_SECRET changed?)",
        },
      });
      return;
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
    const outcome = toAttemptOutcome(result, {
      now: finishedAt,
      createdAt: delivery.createdAt,
      attempts: delivery.attempts,
      retryWindowMs: settings.retryWindowMs,
      delayMs: getWebhookRetryDelay(delivery.attempts, {
        baseMs: settings.retryBaseMs,
        maxMs: settings.retryMaxMs,
        random,
      }),
    });
    await finishWebhookDelivery(options.getPool(), {
      id: delivery.id,
      payload: body,
      now: finishedAt,
      outcome,
    });
  };

  /** Turns recorded events into deliveries (queued in the transaction that takes the events); the events taken. */
  const fanOut = () => fanOutWebhookEvents(options.getPool(), FAN_OUT_BATCH);

  let secretsDroppedAt = 0;
  const runOnce = async () => {
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) if ((await fanOut()) < FAN_OUT_BATCH) break;
    const startedAt = now();
    if (startedAt.getTime() - secretsDroppedAt >= DROP_SECRETS_EVERY_MS) {
      await dropExpiredWebhookSecrets(options.getPool(), startedAt);
      secretsDroppedAt = startedAt.getTime();
    }
    let attempts = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
      const claimedAt = now();
      const claimed = await claimWebhookDeliveries(options.getPool(), {
        now: claimedAt,
        // One subscription's deliveries may all be sent one after the other, each up to the time-out.
        leaseUntil: new Date(claimedAt.getTime() + settings.timeoutMs * settings.batchSize + LEASE_MARGIN_MS),
        limit: settings.batchSize,
      });
      // In event order for each receiver (claimed in that order); receivers side by side.
      const payloads: PayloadCache = new Map();
      const queues = new Map<string, ClaimedWebhookDelivery[]>();
      for (const delivery of claimed)
        queues.set(delivery.subscriptionId, [...(queues.get(delivery.subscriptionId) ?? []), delivery]);
      await Promise.all(
        [...queues.values()].map(async (queue) => {
          for (const delivery of queue) {
            await attempt(delivery, payloads).catch((error: unknown) =>
              log.warn({ err: error }, "webhook delivery attempt failed; retried after its lease"),
            );
          }
        }),
      );
      attempts += claimed.length;
      await pruneWebhookDeliveries(options.getPool(), [
        ...new Set(claimed.map((delivery) => delivery.subscriptionId)),
      ]);
      if (claimed.length < settings.batchSize) break;
    }
    return attempts;
  };

  return {
    runOnce,
    start: (intervalMs) => {
      let isRunning = false;
      const timer = setInterval(() => {
        if (isRunning) return;
        isRunning = true;
        runOnce()
          .catch((error: unknown) => log.warn({ err: error }, "webhook deliveries could not be claimed"))
          .finally(() => {
            isRunning = false;
          });
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
