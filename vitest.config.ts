import { defineConfig } from "vitest/config";
import { testWorkerCount } from "./scripts/test/workers.ts";

export default defineConfig({
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
