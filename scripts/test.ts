// npm test: every workspace's unit and integration tests (vitest, one embedded
// PostgreSQL for the run), then the browser tests in e2e/ (Playwright driving
// Chromium against production builds).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { findChromium } from "../e2e/support/findChromium";
import { projectRoot } from "./lib/launcherEnv";

const args = process.argv.slice(2);
const isE2eOnly = args.includes("--e2e-only");
const isUnitOnly = args.includes("--unit-only");
const resolveBin = (file: string) => path.join(projectRoot, "node_modules", file);

function run(label: string, bin: string, binArgs: string[]) {
  console.log(`\n▶ ${label}\n`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [bin, ...binArgs], { cwd: projectRoot, stdio: "inherit" });
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`\n▶ ${label} took ${Math.floor(seconds / 60)} min ${seconds % 60} s\n`);
  return result.status ?? 1;
}

if (!isE2eOnly) {
  const status = run("Unit and integration tests (vitest)", resolveBin("vitest/vitest.mjs"), ["run"]);
  if (status !== 0) process.exit(status);
}
if (!isUnitOnly) {
  try {
    findChromium();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  const status = run("Browser tests (Playwright)", resolveBin("@playwright/test/cli.js"), ["test"]);
  process.exit(status);
}
