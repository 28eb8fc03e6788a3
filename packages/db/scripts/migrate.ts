// npm run db:migrate: applies prisma/migrations to DATABASE_URL.
import { dbEnv } from "../src/env";
import { applyMigrations } from "../src/migrate";

if (!dbEnv.DATABASE_URL) {
  console.error("DATABASE_URL is not set (npm start applies migrations to the embedded database itself).");
  process.exit(1);
}
const applied = await applyMigrations(dbEnv.DATABASE_URL);
console.log(applied.length ? `Applied ${applied.join(", ")}` : "Database is up to date.");
