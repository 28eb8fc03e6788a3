// The configuration is checked when a command first needs the database (not for --help or --version).
import "../lib/checkConfiguration";
import { createPrismaClient, type Database } from "@parley/db";
import { launcherEnv } from "../lib/launcherEnv";
import { openDatabase } from "../lib/openDatabase";
import { isProduction } from "../lib/productionEnv";

/**
 * The install's database for a command: DATABASE_URL, or the embedded PostgreSQL of DATA_DIR (migrated
 * first, outside production). Loaded by cli.ts on a command's first database use only.
 */
export async function openCliDatabase(): Promise<{ prisma: Database; stop: () => Promise<void> }> {
  if (isProduction && !launcherEnv.DATABASE_URL) {
    throw new Error(
      "DATABASE_URL is required in production (NODE_ENV=production): the embedded PostgreSQL is for development only.",
    );
  }
  const database = await openDatabase({ log: (line) => console.error(line), migrate: !isProduction });
  const prisma = createPrismaClient({ connectionString: database.connectionString, poolSize: 2 });
  return {
    prisma,
    stop: async () => {
      await prisma.$disconnect();
      await database.stop();
    },
  };
}
