import { createPrismaClient, type Database } from "./client";
import { dbEnv } from "./env";

const globalForPrisma = globalThis as unknown as { parleyPrisma?: Database };

/**
 * The process-wide Prisma client on DATABASE_URL. The launcher (`npm start`,
 * tests) always sets DATABASE_URL, pointing at the embedded server by default.
 */
export function getPrisma(): Database {
  if (!globalForPrisma.parleyPrisma) {
    if (!dbEnv.DATABASE_URL) {
      throw new Error(
        "DATABASE_URL is not set: start the apps with `npm start`, which provides the database",
      );
    }
    globalForPrisma.parleyPrisma = createPrismaClient({
      connectionString: dbEnv.DATABASE_URL,
      poolSize: dbEnv.DATABASE_POOL_SIZE,
    });
  }
  return globalForPrisma.parleyPrisma;
}
