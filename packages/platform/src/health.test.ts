import { readdirSync } from "node:fs";
import { getPgPool, shippedMigrations } from "@parley/db";
import { describe, expect, it } from "vitest";
import { handleLivenessRequest, handleReadinessRequest } from "./health";
import { parleyVersion } from "./version";

const get = (path: string) => new Request(`http://localhost${path}`);

describe("GET /api/health/live and /api/health/ready", () => {
  it("ships the names of prisma/migrations (the list readiness compares)", () => {
    const folder = readdirSync(new URL("../../../prisma/migrations", import.meta.url), {
      withFileTypes: true,
    })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(shippedMigrations).toEqual(folder);
  });

  it("answers live with the release, without asking the database", async () => {
    const response = await handleLivenessRequest(get("/api/health/live"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", version: parleyVersion });
  });

  it("answers ready once every shipped migration is applied", async () => {
    const response = await handleReadinessRequest(get("/api/health/ready"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "ok",
      version: parleyVersion,
      migrations: shippedMigrations.length,
    });
  });

  it("is not ready while a migration of this release is not applied, and says which step is missing", async () => {
    const last = shippedMigrations.at(-1) ?? "";
    const pool = getPgPool();
    await pool.query("UPDATE _prisma_migrations SET rolled_back_at = now() WHERE migration_name = $1", [
      last,
    ]);
    try {
      const response = await handleReadinessRequest(get("/api/health/ready"));
      expect(response.status).toBe(500);
      expect(response.headers.get("cache-control")).toBe("no-store");
      // The contract's error body: the code's fixed message, the reason in the issue (decisions.md, "Errors").
      expect(await response.json()).toEqual({
        code: "INTERNAL_SERVER_ERROR",
        message: "Internal server error",
        issues: [
          {
            code: "MIGRATIONS_PENDING",
            message: "1 migration(s) of this release are not applied: run npm run migrate",
          },
        ],
      });
    } finally {
      await pool.query("UPDATE _prisma_migrations SET rolled_back_at = NULL WHERE migration_name = $1", [
        last,
      ]);
    }
  });
});
