import { defineConfig, devices } from "@playwright/test";
import { findChromium } from "./e2e/support/findChromium";

// Ports derived from the runner's pid (unless given) so that concurrent runs don't collide;
// setting them in the environment hands the same values to the worker processes.
process.env.E2E_BUILDER_PORT ??= String(20_000 + (process.pid % 5_000) * 2);
process.env.E2E_VIEWER_PORT ??= String(Number(process.env.E2E_BUILDER_PORT) + 1);
process.env.E2E_POSTGRES_PORT ??= String(Number(process.env.E2E_BUILDER_PORT) + 20_000);
// Where specs start their local Google protocol server (token endpoint + Sheets API).
process.env.E2E_GOOGLE_PORT ??= String(Number(process.env.E2E_BUILDER_PORT) + 30_000);
// The local Telegram Bot API and Graph API servers of the messaging spec (e2e/support/messagingApis.ts).
process.env.E2E_TELEGRAM_API_PORT ??= String(Number(process.env.E2E_BUILDER_PORT) + 30_001);
process.env.E2E_GRAPH_API_PORT ??= String(Number(process.env.E2E_BUILDER_PORT) + 30_002);
// The local Stripe REST API of the pay page spec.
process.env.E2E_STRIPE_PORT ??= String(Number(process.env.E2E_BUILDER_PORT) + 30_003);
// The local DNS server (UDP) that the custom domain spec verifies TXT records against.
process.env.E2E_DNS_PORT ??= String(Number(process.env.E2E_BUILDER_PORT) + 30_004);
// The local SMTP server of the password reset spec: the builder's SMTP account (SMTP_HOST, SMTP_PORT).
process.env.E2E_SMTP_PORT ??= String(Number(process.env.E2E_BUILDER_PORT) + 30_005);
const builderPort = Number(process.env.E2E_BUILDER_PORT);
const viewerPort = Number(process.env.E2E_VIEWER_PORT);
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
    // A trace records every action's DOM snapshot and screenshots: CI, which keeps only the log, turns it off
    // (E2E_TRACE=off in .ci/run); a local run keeps the trace of each failed test.
    trace: process.env.E2E_TRACE === "off" ? "off" : "retain-on-failure",
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
    command: "node --import tsx scripts/start.ts --ephemeral",
    url: `http://127.0.0.1:${builderPort}/api/health`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGINT", timeout: 30_000 },
    env: {
      BUILDER_PORT: String(builderPort),
      VIEWER_PORT: String(viewerPort),
      EMBEDDED_POSTGRES_PORT: process.env.E2E_POSTGRES_PORT,
      LOG_LEVEL: "warn",
      // Local provider servers (AI streaming spec) run on loopback in the test process.
      OUTBOUND_ALLOWED_HOSTS: "127.0.0.1",
      // Google Sheets blocks and the sheet list talk to the local Google server a spec starts on this port.
      GOOGLE_OAUTH_TOKEN_URL: `http://127.0.0.1:${process.env.E2E_GOOGLE_PORT}/token`,
      GOOGLE_SHEETS_API_URL: `http://127.0.0.1:${process.env.E2E_GOOGLE_PORT}/v4`,
      // Messaging calls (Connect, test messages) go to the messaging spec's local servers.
      TELEGRAM_API_URL: `http://127.0.0.1:${process.env.E2E_TELEGRAM_API_PORT}`,
      WHATSAPP_GRAPH_API_URL: `http://127.0.0.1:${process.env.E2E_GRAPH_API_PORT}/v21.0`,
      // Every spec's visitors chat from the same loopback address, at once.
      CHAT_RATE_LIMIT_START_PER_IP_PER_MINUTE: "6000",
      // Payment inputs create and read PaymentIntents at the pay page spec's local Stripe server.
      STRIPE_API_URL: `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`,
      STRIPE_SECRET_KEY: "sk_test_local",
      STRIPE_PUBLIC_KEY: "pk_test_local",
      // Custom domains are verified against the custom domain spec's local DNS server.
      DNS_SERVERS: `127.0.0.1:${process.env.E2E_DNS_PORT}`,
      // Platform e-mails (password reset links) go to the password spec's local SMTP server.
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: process.env.E2E_SMTP_PORT,
      SMTP_FROM: "Parley <accounts@parley.test>",
      // The instance admin spec signs this operator up.
      ADMIN_EMAILS: "operator@parley.test",
    },
  },
});
