// npm run db:migration -- <name>: writes prisma/migrations/<timestamp>_<name>
// from the difference between the migration history and schema.prisma.

import { startEphemeralPostgres } from "../src/embeddedPostgres";
import { dbEnv } from "../src/env";
import { createMigration } from "../src/migrate";

const name = process.argv[2];
if (!name) {
  console.error("Usage: npm run db:migration -- <name>");
  process.exit(1);
}
const ephemeral = dbEnv.DATABASE_URL ? undefined : await startEphemeralPostgres();
try {
  const connectionString = dbEnv.DATABASE_URL ?? ephemeral?.connectionString ?? "";
  const created = await createMigration(connectionString, name);
  console.log(
    created ? `Created prisma/migrations/${created}/migration.sql` : "No schema changes: nothing to migrate.",
  );
} finally {
  await ephemeral?.stop();
}
