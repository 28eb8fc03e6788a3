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
  return new PrismaClient({ adapter });
}

export type Database = ReturnType<typeof createPrismaClient>;
