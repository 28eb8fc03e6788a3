import { createId, getPrisma } from "@parley/db";
import { runWithAdvisoryLock } from "@parley/db/queries/runWithAdvisoryLock";
import { defineJob, type JobDefinition } from "@parley/db/queue";
import type { SendResult } from "@parley/integrations/messaging/postPlatformCall";
import type { Logger } from "@parley/platform/logger";
import { z } from "zod";
import type { ChannelsChatRuntime } from "./channelsRuntime";
import { sendWithRetry } from "./sendWithRetry";

const deliverySchema = z.object({
  /** The delivery's idempotency key: its progress row (`ChannelSendProgress`) says which calls the platform took. */
  key: z.string().min(1),
  channel: z.enum(["whatsApp", "telegram"]),
  workspaceId: z.string().min(1),
  credentialsId: z.string().min(1),
  /** The WhatsApp number or Telegram chat the replies go to. */
  to: z.string().min(1),
  botId: z.string(),
  resultId: z.string().nullable(),
  /** One step per rendered message: its typing pause, then its platform calls (bodies as the platform takes them). */
  steps: z.array(
    z.object({
      pauseMs: z.number().int().min(0),
      calls: z.array(z.object({ method: z.string(), body: z.record(z.string(), z.unknown()) })),
    }),
  ),
});

export type ChannelDelivery = z.output<typeof deliverySchema>;
export type PlatformCall = ChannelDelivery["steps"][number]["calls"][number];

/**
 * A turn's replies on a messaging channel, as a queue job: sent at once by the process that ran the
 * turn, and by any process (the queue's retries, with backoff) when that one died or the platform
 * refused for a while.
 */
export const channelDeliveryJob: JobDefinition<ChannelDelivery> = defineJob({
  name: "channel.deliver",
  payload: deliverySchema,
  retryLimit: 10,
  retryDelaySeconds: 5,
  timeoutSeconds: 300,
});

/** How one channel's delivery reaches its platform. */
export interface DeliverySender {
  send: (call: PlatformCall) => Promise<SendResult>;
  /** The platform's typing signal, shown during a pause. */
  showTyping?: () => Promise<void>;
  /** Waits the send rate's turn before a call. */
  pace?: () => Promise<void>;
}

/** The platform refused a call in a way a later try may not: the queue tries the delivery again later. */
export class DeliveryPendingError extends Error {}

/** The lock every turn and delivery of one conversation runs under (one at a time in the cluster, in order). */
export const conversationLockKey = (credentialsId: string, sender: string) =>
  `messaging:${credentialsId}:${sender}`;

const conversationOf = (delivery: { credentialsId: string; to: string }) =>
  `${delivery.credentialsId}:${delivery.to}`;

/** Whether a delivery of the same conversation created before `key`'s is not finished: this one waits for it. */
async function hasEarlierDelivery(delivery: ChannelDelivery, createdAt: Date): Promise<boolean> {
  const earlier = await getPrisma().channelSendProgress.findFirst({
    where: {
      conversation: conversationOf(delivery),
      createdAt: { lt: createdAt },
      NOT: { key: delivery.key },
    },
    select: { key: true },
  });
  return earlier !== null;
}

/**
 * Sends the calls of `delivery` the platform has not taken yet, in order, each step after its
 * typing pause, recording each call taken; a refusal that will stay one is reported and skipped.
 * Does nothing when the delivery is finished (no progress row left); throws DeliveryPendingError
 * when the platform refuses for now or an earlier delivery of the conversation is not finished.
 */
async function sendRemainingCalls(
  runtime: ChannelsChatRuntime,
  delivery: ChannelDelivery,
  sender: DeliverySender,
  onRefused: (error: string) => Promise<void>,
  retryDelaysMs: readonly number[],
): Promise<void> {
  const prisma = getPrisma();
  const progress = await prisma.channelSendProgress.findUnique({ where: { key: delivery.key } });
  if (!progress) return;
  if (await hasEarlierDelivery(delivery, progress.createdAt))
    throw new DeliveryPendingError("an earlier reply of the conversation is not delivered yet");
  let index = 0;
  for (const step of delivery.steps) {
    for (const [callIndex, call] of step.calls.entries()) {
      if (index < progress.sent) {
        index += 1;
        continue;
      }
      if (callIndex === 0 && step.pauseMs > 0) {
        await sender.showTyping?.();
        await runtime.channels.sleep(step.pauseMs);
      }
      await sender.pace?.();
      const sent = await sendWithRetry(() => sender.send(call), retryDelaysMs);
      if (!sent.ok && sent.isRetryable) throw new DeliveryPendingError(sent.error);
      if (!sent.ok) await onRefused(sent.error);
      index += 1;
      await prisma.channelSendProgress.update({ where: { key: delivery.key }, data: { sent: index } });
    }
  }
  await prisma.channelSendProgress.deleteMany({ where: { key: delivery.key } });
}

/**
 * Sends a turn's replies now (the caller holds the conversation's lock), with a queue job as their
 * durable copy: the job waits `sendRecoverySeconds`, and is deleted once every call was taken. When
 * this process dies, the platform keeps refusing, or an earlier reply of the conversation is still
 * waiting, the job sends them (in the conversation's order).
 */
export async function deliverDurably(
  runtime: ChannelsChatRuntime,
  delivery: Omit<ChannelDelivery, "key">,
  sender: DeliverySender,
  onRefused: (error: string) => Promise<void>,
  logger: Logger,
): Promise<void> {
  if (delivery.steps.every((step) => step.calls.length === 0)) return;
  const queued: ChannelDelivery = { ...delivery, key: createId() };
  const queue = runtime.channels.getQueue();
  // The job first: a process dying before the progress row exists leaves a job that finds nothing to send.
  const jobId = await queue.enqueue(channelDeliveryJob, queued, {
    startAfterSeconds: runtime.channels.sendRecoverySeconds,
  });
  await getPrisma().channelSendProgress.create({
    data: { key: queued.key, conversation: conversationOf(queued) },
  });
  try {
    await sendRemainingCalls(runtime, queued, sender, onRefused, runtime.channels.sendRetryDelaysMs);
  } catch (error) {
    if (!(error instanceof DeliveryPendingError)) throw error;
    logger.warn(
      { credentialsId: delivery.credentialsId, error: error.message },
      "messaging: reply not taken yet, the queue tries again",
    );
    return;
  }
  if (jobId) await queue.deleteJob(channelDeliveryJob, jobId);
}

/**
 * Works the queue's `channel.deliver` jobs in this process: each under its conversation's lock, the
 * calls not taken yet sent; after the last try a still refused reply is reported as undelivered.
 * Returns the stop function.
 */
export function startChannelDeliveries(
  runtime: ChannelsChatRuntime,
  logger: Logger,
  createSender: (
    delivery: ChannelDelivery,
  ) => Promise<{ sender: DeliverySender; onRefused: (error: string) => Promise<void> } | null>,
): () => void {
  const queue = runtime.channels.getQueue();
  const finish = (key: string) => getPrisma().channelSendProgress.deleteMany({ where: { key } });
  const working = queue.work(
    channelDeliveryJob,
    async (delivery, job) => {
      const lockKey = conversationLockKey(delivery.credentialsId, delivery.to);
      await runWithAdvisoryLock(runtime.channels.getLockPool(), lockKey, async () => {
        const channel = await createSender(delivery);
        if (!channel) {
          logger.warn(
            { credentialsId: delivery.credentialsId },
            "messaging: the delivery's credentials are gone",
          );
          await finish(delivery.key);
          return;
        }
        try {
          await sendRemainingCalls(runtime, delivery, channel.sender, channel.onRefused, []);
        } catch (error) {
          if (!(error instanceof DeliveryPendingError) || job.retryCount < channelDeliveryJob.retryLimit)
            throw error;
          // The last try: the reply is given up, and the conversation's next replies go on.
          await channel.onRefused(error.message);
          await finish(delivery.key);
        }
      });
    },
    { concurrency: 4 },
  );
  working.catch((error: unknown) => logger.error({ err: error }, "messaging: delivery worker not started"));
  return () => void working.then((stop) => stop()).catch(() => {});
}
