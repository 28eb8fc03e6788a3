import pg from "pg";
import { describe, expect, it } from "vitest";
import { createId } from "./ids";
import { getPrisma } from "./prisma";

describe("migrated test database", () => {
  it("has every table of the schema and records the applied migrations", async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const tables = await client.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    const migrations = await client.query(
      "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL",
    );
    await client.end();
    expect(tables.rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining([
        "User",
        "Workspace",
        "Bot",
        "PublishedBot",
        "ChatSession",
        "Result",
        "Answer",
        "ApiToken",
      ]),
    );
    expect(migrations.rowCount).toBeGreaterThan(0);
  });

  it("stores and reads a user through the Prisma client", async () => {
    const prisma = getPrisma();
    const email = `${createId()}@example.com`;
    const created = await prisma.user.create({ data: { id: createId(), email, passwordHash: "x" } });
    const read = await prisma.user.findUniqueOrThrow({ where: { email } });
    expect(read.id).toBe(created.id);
  });
});
