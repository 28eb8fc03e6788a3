import type { Pool } from "../pool";
import { enqueueWebhookDeliveries } from "./enqueueWebhookDeliveries";
import { takeWebhookEvents } from "./takeWebhookEvents";

/**
 * Turns up to `limit` recorded result events into deliveries, in one transaction: the events are taken
 * (deleted) and their deliveries queued together, so a crash between the two loses neither. Returns how
 * many events were taken (fewer than `limit`: none are left).
 */
export async function fanOutWebhookEvents(pool: Pool, limit: number): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const taken = await takeWebhookEvents(client, limit);
    await enqueueWebhookDeliveries(client, taken.deliveries);
    await client.query("COMMIT");
    return taken.events;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
