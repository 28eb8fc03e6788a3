import path from "node:path";
import { defineConfig, type Plugin } from "vitest/config";
import { testWorkerCount } from "./scripts/test/workers.ts";

/** `@/…` inside an app is that app's `src/…` (each app's tsconfig `paths`), for its component tests. */
function appSourceAlias(): Plugin {
  return {
    name: "app-source-alias",
    enforce: "pre",
    resolveId(source, importer) {
      if (!source.startsWith("@/") || !importer) return null;
      const app = /[\\/]apps[\\/]([^\\/]+)[\\/]src[\\/]/.exec(importer);
      if (!app) return null;
      return this.resolve(
        path.resolve(import.meta.dirname, "apps", app[1]!, "src", source.slice(2)),
        importer,
        {
          skipSelf: true,
        },
      );
    },
  };
}

export default defineConfig({
  plugins: [appSourceAlias()],
  test: {
    include: ["packages/*/src/**/*.test.{ts,tsx}", "apps/*/src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    // One embedded PostgreSQL per run; each worker gets its own database cloned from a migrated template.
    globalSetup: ["./scripts/test/globalSetup.ts"],
    setupFiles: ["./scripts/test/useWorkerDatabase.ts"],
    pool: "forks",
    maxWorkers: testWorkerCount,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
