import type { Pool } from "../pool";

/**
 * Runs `run` holding PostgreSQL's transaction-level advisory lock on `key`, taken on a connection
 * of `lockPool`: every process sharing the database runs the holders of one key one at a time, in
 * the order they asked for it. The lock goes with the connection, so a dead process frees it.
 */
export async function runWithAdvisoryLock<T>(lockPool: Pool, key: string, run: () => Promise<T>): Promise<T> {
  const client = await lockPool.connect();
  try {
    await client.query("BEGIN");
    await client.query({
      name: "takeAdvisoryLock",
      text: "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))",
      values: [key],
    });
  } catch (error) {
    client.release(true);
    throw error;
  }
  try {
    return await run();
  } finally {
    // Nothing was written in this transaction: ending it only releases the lock.
    const isEnded = await client.query("COMMIT").then(
      () => true,
      () => false,
    );
    client.release(!isEnded);
  }
}
