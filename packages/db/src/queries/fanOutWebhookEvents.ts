import type { Pool } from "../pool";
import { enqueueWebhookDeliveries, type QueueWebhookJobs } from "./enqueueWebhookDeliveries";
import { takeWebhookEvents } from "./takeWebhookEvents";

/**
 * Turns up to `limit` recorded result events into deliveries and their queue jobs, in one transaction:
 * the events are taken (deleted), their deliveries stored and their jobs queued together, so a crash
 * between them loses none. Returns how many events were taken (fewer than `limit`: none are left).
 */
export async function fanOutWebhookEvents(
  pool: Pool,
  limit: number,
  queueJobs: QueueWebhookJobs,
): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const taken = await takeWebhookEvents(client, limit);
    await enqueueWebhookDeliveries(client, taken.deliveries, queueJobs);
    await client.query("COMMIT");
    return taken.events;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
