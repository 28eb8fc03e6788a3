import { createPrismaClient, type Database } from "./client";
import { dbEnv } from "./env";
import { getPgPool } from "./pool";

const globalForPrisma = globalThis as unknown as { parleyPrisma?: Database };

/**
 * The process-wide Prisma client on DATABASE_URL. The launcher (`npm start`,
 * tests) always sets DATABASE_URL, pointing at the embedded server by default.
 * It shares its connections with the raw queries (`getPgPool`).
 */
export function getPrisma(): Database {
  if (!globalForPrisma.parleyPrisma) {
    globalForPrisma.parleyPrisma = createPrismaClient({
      connectionString: dbEnv.DATABASE_URL ?? "",
      pool: getPgPool(),
    });
  }
  return globalForPrisma.parleyPrisma;
}
