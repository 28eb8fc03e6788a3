// npm run migrate: applies prisma/migrations to DATABASE_URL once and exits. Production runs it
// before (re)starting the servers, which never migrate themselves, so N instances never race.
// Runs from `npm run build`'s bundle (dist/server/migrate.mjs): no tsx or dev dependency needed.
import "./lib/checkConfiguration";
import { applyMigrations } from "@parley/db/migrate";
import { launcherEnv } from "./lib/launcherEnv";

const log = (line: string) => console.log(`[migrate] ${line}`);
if (!launcherEnv.DATABASE_URL) {
  console.error("[migrate] DATABASE_URL is required: the PostgreSQL database to migrate.");
  process.exit(1);
}
try {
  const applied = await applyMigrations(launcherEnv.DATABASE_URL);
  log(applied.length > 0 ? `Applied migrations: ${applied.join(", ")}` : "The database is up to date.");
} catch (error) {
  console.error(`[migrate] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
