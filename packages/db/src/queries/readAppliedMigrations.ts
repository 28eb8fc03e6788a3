import type { Pool } from "../pool";

/** The names of the Prisma migrations applied to the database (finished, not rolled back). */
export async function readAppliedMigrations(pool: Pool): Promise<Set<string>> {
  const { rows } = await pool.query<{ migration_name: string }>(
    "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
  );
  return new Set(rows.map((row) => row.migration_name));
}
