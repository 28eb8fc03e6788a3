import { createPrismaClient, type Database } from "./client";
import { dbEnv } from "./env";
import { getPgPool } from "./pool";

// Kept on globalThis so a reloaded module (Next.js development) reuses the client it made.
declare global {
  var parleyPrisma: Database | undefined;
}

/**
 * The process-wide Prisma client on DATABASE_URL. The launcher (`npm start`,
 * tests) always sets DATABASE_URL, pointing at the embedded server by default.
 * It shares its connections with the raw queries (`getPgPool`).
 */
export function getPrisma(): Database {
  if (!globalThis.parleyPrisma) {
    globalThis.parleyPrisma = createPrismaClient({
      connectionString: dbEnv.DATABASE_URL ?? "",
      pool: getPgPool(),
    });
  }
  return globalThis.parleyPrisma;
}
