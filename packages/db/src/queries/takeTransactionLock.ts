import type { Database } from "../client";

/**
 * Takes PostgreSQL's transaction-level advisory lock on `key` inside the transaction `tx`, released when it
 * ends: the writers of one key, in every process sharing the database, run one at a time.
 */
export async function takeTransactionLock(tx: Pick<Database, "$executeRaw">, key: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
}
