import { defineConfig, devices } from "@playwright/test";
import { findChromium } from "./e2e/support/findChromium";

const builderPort = Number(process.env.E2E_BUILDER_PORT ?? 3100);
const viewerPort = Number(process.env.E2E_VIEWER_PORT ?? 3101);
const executablePath = findChromium();

export default defineConfig({
  testDir: "./e2e",
  outputDir: "./e2e/artifacts/results",
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["html", { outputFolder: "e2e/artifacts/report", open: "never" }]],
  use: {
    ...devices["Desktop Chrome"],
    baseURL: `http://localhost:${builderPort}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath,
      args: [
        "--no-sandbox",
        "--headless",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
  // The product as a user runs it: production builds on a throw-away embedded database.
  webServer: {
    command: "npx tsx scripts/start.ts --ephemeral",
    url: `http://127.0.0.1:${builderPort}/api/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGINT", timeout: 30_000 },
    env: {
      BUILDER_PORT: String(builderPort),
      VIEWER_PORT: String(viewerPort),
      EMBEDDED_POSTGRES_PORT: String(Number(process.env.E2E_POSTGRES_PORT ?? 54400)),
      LOG_LEVEL: "warn",
    },
  },
});
