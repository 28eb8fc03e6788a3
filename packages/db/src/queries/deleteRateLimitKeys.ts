import type { Pool } from "../pool";

/** The table of the PostgreSQL rate-limit store (prisma/schema.prisma, model RateLimit; UNLOGGED by a migration). */
export const rateLimitTable = "RateLimit";

/**
 * Deletes counts of the PostgreSQL rate-limit store (rate-limiter-flexible writes its rows, keyed
 * `<limit name>:<hashed key>`) in one statement however many keys.
 */
export async function deleteRateLimitKeys(pool: Pool, keys: string[]): Promise<void> {
  await pool.query({ text: `DELETE FROM "${rateLimitTable}" WHERE key = ANY($1)`, values: [keys] });
}
