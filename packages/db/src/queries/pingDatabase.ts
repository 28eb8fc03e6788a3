import type { Pool } from "../pool";

/** One round trip to the database (health checks): resolves when it answers. */
export async function pingDatabase(pool: Pool): Promise<void> {
  await pool.query("SELECT 1");
}
