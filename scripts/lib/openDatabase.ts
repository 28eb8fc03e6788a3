import path from "node:path";
import { startEmbeddedPostgres } from "@parley/db/embedded";
import { applyMigrations } from "@parley/db/migrate";
import { launcherEnv } from "./launcherEnv";

/**
 * The database of this install: DATABASE_URL when set, otherwise the embedded
 * PostgreSQL in <DATA_DIR>/postgres. Pending migrations are applied unless `migrate` is false
 * (production: `npm run migrate` applies them once, so instances never race each other).
 */
export async function openDatabase({
  log,
  dataDir = launcherEnv.dataDir,
  migrate = true,
}: {
  log: (line: string) => void;
  dataDir?: string;
  migrate?: boolean;
}) {
  const embedded = launcherEnv.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: path.join(dataDir, "postgres"),
        port: launcherEnv.EMBEDDED_POSTGRES_PORT,
      });
  const connectionString = launcherEnv.DATABASE_URL ?? embedded?.connectionString ?? "";
  const applied = migrate ? await applyMigrations(connectionString) : [];
  if (applied.length > 0) log(`Applied migrations: ${applied.join(", ")}`);
  return {
    connectionString,
    isEmbedded: Boolean(embedded),
    stop: async () => {
      await embedded?.stop();
    },
  };
}
