import { PrismaPg } from "@prisma/adapter-pg";
import type pg from "pg";
import { PrismaClient } from "./generated/prisma/client";

export interface PrismaClientOptions {
  connectionString: string;
  poolSize?: number;
  /** An existing pool to share (the app's hot-path queries use the same connections). */
  pool?: pg.Pool;
}

export function createPrismaClient({ connectionString, poolSize = 10, pool }: PrismaClientOptions) {
  const adapter = new PrismaPg(
    // The adapter's own copy of pg's types differs from ours; the pool is the same class.
    (pool as unknown as ConstructorParameters<typeof PrismaPg>[0]) ?? {
      connectionString,
      max: poolSize,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    },
  );
  // A busy machine or pool can take more than Prisma's default 2 s to hand out a connection.
  return new PrismaClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 20_000 } });
}

export type Database = ReturnType<typeof createPrismaClient>;
