import { getPgPool, type Pool } from "@parley/db";
import {
  enqueueWebhookDeliveries,
  type NewWebhookDelivery,
  type QueueWebhookJobs,
} from "@parley/db/queries/enqueueWebhookDeliveries";
import { defineJob, getJobQueue, type JobDefinition, type JobQueue } from "@parley/db/queue";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";

/**
 * One attempt of a result-webhook delivery per try of this job: the `WebhookDelivery` row is the
 * delivery log (status, attempts, last response) and the job is what sends it, once in the cluster.
 * A try that fails in a way worth retrying throws, and the queue tries again after 30 s, then about
 * twice as long each time (equal jitter), until WEBHOOK_RETRY_HOURS have passed; a try whose
 * process died is tried again after `timeoutSeconds` (longer than the 120 s WEBHOOK_TIMEOUT_MS maximum).
 */
export const webhookDeliveryJob: JobDefinition<{ deliveryId: string }> = defineJob({
  name: "webhook.deliver",
  payload: z.object({ deliveryId: textSchema.min(1) }),
  // The retry window (WEBHOOK_RETRY_HOURS) ends the retries first; this bounds a delivery whose processes keep dying.
  retryLimit: 20,
  retryDelaySeconds: 30,
  timeoutSeconds: 180,
});

/** The earliest time the queue runs try `retryCount + 1` after try `retryCount` failed at `now` (0: the first try). */
export function earliestRetryAt(now: Date, retryCount: number): Date {
  return new Date(
    now.getTime() + webhookDeliveryJob.retryDelaySeconds * 1000 * 2 ** Math.min(16, retryCount),
  );
}

/** What queues the jobs of deliveries just stored, in the transaction that stores them. */
export function queueJobsOn(queue: JobQueue): QueueWebhookJobs {
  return (client, deliveryIds) =>
    queue.enqueueInTransaction(
      webhookDeliveryJob,
      deliveryIds.map((deliveryId) => ({ deliveryId })),
      client,
    );
}

/** Stores deliveries (test pings, redeliveries) with their queue jobs, in one transaction; the ids stored. */
export function queueWebhookDeliveries(
  deliveries: readonly NewWebhookDelivery[],
  options: { pool?: Pool; queue?: JobQueue } = {},
): Promise<string[]> {
  return enqueueWebhookDeliveries(
    options.pool ?? getPgPool(),
    deliveries,
    queueJobsOn(options.queue ?? getJobQueue()),
  );
}
