// npm run fuzz: the fuzz suites on a random seed with more runs than CI's fixed one (issue 17): the in-process
// REST fuzz (packages/api/src/fuzz, stored data checked after every rejected request), then the black-box one
// (e2e/fuzz.spec.ts) against the production builder, viewer and a chat server. FUZZ_RUNS (default 3,000 per
// endpoint) and FUZZ_SEED (replays a run: each suite prints its seed) override.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { projectRoot } from "./lib/launcherEnv";

const env = {
  ...process.env,
  FUZZ_RANDOM: "1",
  FUZZ_RUNS: process.env.FUZZ_RUNS ?? "3000",
  E2E_WORKERS: "1",
};
const bin = (file: string) => path.join(projectRoot, "node_modules", file);
for (const [label, file, args] of [
  ["In-process REST fuzz (vitest)", "vitest/vitest.mjs", ["run", "packages/api/src/fuzz"]],
  [
    "Black-box fuzz of the production servers (Playwright)",
    "@playwright/test/cli.js",
    ["test", "e2e/fuzz.spec.ts"],
  ],
] as const) {
  console.log(`\n▶ ${label}\n`);
  const result = spawnSync(process.execPath, [bin(file), ...args], {
    cwd: projectRoot,
    stdio: "inherit",
    env,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
