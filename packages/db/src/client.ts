import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client";

export interface PrismaClientOptions {
  connectionString: string;
  poolSize?: number;
}

export function createPrismaClient({ connectionString, poolSize = 10 }: PrismaClientOptions) {
  const adapter = new PrismaPg({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A busy machine or pool can take more than Prisma's default 2 s to hand out a connection.
  return new PrismaClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 20_000 } });
}

export type Database = ReturnType<typeof createPrismaClient>;
