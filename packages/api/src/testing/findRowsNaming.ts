import { type Database, Prisma } from "@parley/db";
import { hashKey } from "@parley/platform/limits/rateLimits";

/**
 * Every row of every table of the database that still names one of `ids` (cuid2 identifiers, chat keys,
 * token hashes), in any text, JSON or text-array column: `{ table, column, rows }` per place. Tables
 * added later (by any migration) are searched too, so a deletion test keeps covering them. Rate-limit
 * counters store their keys' SHA-256 only: `rateLimitKeys` (`[limit name, key]`) are looked for that way.
 * The audit log is left out: its entries are the record of a deletion, kept until AUDIT_LOG_RETENTION_DAYS
 * (docs/audit-log.md).
 */
export async function findRowsNaming(
  prisma: Database,
  ids: string[],
  rateLimitKeys: [name: string, key: string][] = [],
) {
  const columns = await prisma.$queryRaw<{ table: string; column: string }[]>`
    SELECT c.table_name AS "table", c.column_name AS "column" FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      AND c.table_name NOT IN ('_prisma_migrations', 'AuditLogEntry')
      AND (c.data_type IN ('text', 'character varying', 'jsonb', 'json') OR c.udt_name = '_text')`;
  const pattern = ids.map((id) => id.replace(/[^A-Za-z0-9_-]/g, "")).join("|");
  const found: { table: string; column: string; rows: number }[] = [];
  if (ids.length > 0) {
    for (const { table, column } of columns) {
      const [row] = await prisma.$queryRaw<{ rows: number }[]>`
        SELECT count(*)::int AS rows FROM ${Prisma.raw(`"${table}"`)}
        WHERE ${Prisma.raw(`"${column}"::text`)} ~ ${pattern}`;
      if (row && row.rows > 0) found.push({ table, column, rows: row.rows });
    }
  }
  const hashedKeys = rateLimitKeys.map(([name, key]) => `${name}:${hashKey(key)}`);
  if (hashedKeys.length > 0) {
    const [row] = await prisma.$queryRaw<{ rows: number }[]>`
      SELECT count(*)::int AS rows FROM "RateLimit" WHERE key = ANY(${hashedKeys})`;
    if (row && row.rows > 0) found.push({ table: "RateLimit", column: "key", rows: row.rows });
  }
  return found;
}
