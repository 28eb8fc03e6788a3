// npm start: everything up on one command. Builds what is not built, starts
// the embedded PostgreSQL (unless DATABASE_URL is set), applies migrations,
// seeds a demo account on an empty database, then runs the builder and the
// viewer until Ctrl-C, which stops everything cleanly.
// --dev: `next dev` with hot reload instead of production builds.
// --ephemeral: a throw-away data directory, deleted on exit (browser tests, benchmarks).
// --skip-build: run the existing production builds as they are.
// Without --dev the apps run from `npm run build`'s output (their standalone output behind
// scripts/nextServer.ts), exactly
// as `npm run start:prod` runs them. NODE_ENV=production: DATABASE_URL and ENCRYPTION_SECRET are
// required, no demo account is created and migrations are left to `npm run migrate`.
import "./lib/checkConfiguration";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPrismaClient } from "@parley/db";
import { type AppProcess, assertPortFree, startApp, stopApp, waitUntilHealthy } from "./lib/appProcesses";
import { buildProduction } from "./lib/buildProduction";
import { ensureDemoAccount } from "./lib/demoAccount";
import { ensureEncryptionSecret } from "./lib/encryptionSecret";
import { launcherEnv } from "./lib/launcherEnv";
import { openDatabase } from "./lib/openDatabase";
import { exitWithoutProductionEnv, isProduction } from "./lib/productionEnv";

if (isProduction) exitWithoutProductionEnv("[parley]");

const isDev = process.argv.includes("--dev");
const isEphemeral = process.argv.includes("--ephemeral");
const dataDir = isEphemeral ? await createScratchDataDir() : launcherEnv.dataDir;

async function createScratchDataDir() {
  const directory = await mkdtemp(path.join(tmpdir(), "parley-data-"));
  // The embedded server may run as a separate `postgres` user (root installs).
  await chmod(directory, 0o755);
  return directory;
}
const log = (line: string) => console.log(`[parley] ${line}`);

let apps: AppProcess[] = [];
let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
let isStopping = false;

async function shutdown(exitCode: number) {
  if (isStopping) return;
  isStopping = true;
  log("Stopping…");
  await Promise.all(apps.map(stopApp));
  await database?.stop();
  if (isEphemeral) await rm(dataDir, { recursive: true, force: true });
  log("Stopped.");
  process.exit(exitCode);
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => void shutdown(0));
}

async function main() {
  if (!isDev && !process.argv.includes("--skip-build")) {
    await buildProduction(log);
  }
  await assertPortFree("builder", launcherEnv.BUILDER_PORT, launcherEnv.HOST);
  await assertPortFree("viewer", launcherEnv.VIEWER_PORT, launcherEnv.HOST);
  log(launcherEnv.DATABASE_URL ? "Connecting to DATABASE_URL…" : "Starting the embedded PostgreSQL…");
  database = await openDatabase({ log, dataDir, migrate: !isProduction });
  const prisma = createPrismaClient({ connectionString: database.connectionString, poolSize: 2 });
  const demo = isProduction ? null : await ensureDemoAccount(prisma, dataDir);
  await prisma.$disconnect();

  const env = {
    DATABASE_URL: database.connectionString,
    // Absolute: the apps run in their own folders (uploaded chat files go to DATA_DIR/uploads).
    DATA_DIR: dataDir,
    ENCRYPTION_SECRET: await ensureEncryptionSecret(dataDir, log),
    // The values above are resolved: a *_FILE form the launcher read is not passed on as a second source.
    DATABASE_URL_FILE: "",
    ENCRYPTION_SECRET_FILE: "",
    BUILDER_URL: launcherEnv.builderUrl,
    VIEWER_URL: launcherEnv.viewerUrl,
    NEXT_PUBLIC_VIEWER_URL: launcherEnv.viewerUrl,
    NODE_ENV: isDev ? "development" : "production",
  };
  apps = [
    startApp({
      name: "builder",
      port: launcherEnv.BUILDER_PORT,
      host: launcherEnv.HOST,
      isDev,
      env,
    }),
    startApp({
      name: "viewer",
      port: launcherEnv.VIEWER_PORT,
      host: launcherEnv.HOST,
      isDev,
      env,
    }),
  ];
  for (const app of apps) {
    app.child.once("exit", (code) => {
      if (isStopping) return;
      log(`${app.name} exited unexpectedly (code ${code}); stopping everything.`);
      void shutdown(1);
    });
  }
  await Promise.all(apps.map((app) => waitUntilHealthy(app, isDev ? 300_000 : 120_000)));

  const lines = [
    "",
    "Parley is running.",
    `  Builder (editor + REST API {base_url}):  ${launcherEnv.builderUrl}`,
    `  Viewer  (share pages + chat {chat_url}): ${launcherEnv.viewerUrl}`,
    `  API reference:                           ${launcherEnv.builderUrl}/docs/api`,
    `  Database: ${database.isEmbedded ? `embedded PostgreSQL, data in ${dataDir}/postgres` : "DATABASE_URL"}`,
  ];
  if (demo) {
    lines.push(
      "",
      "Demo account (created on the first start):",
      `  Email:     ${demo.email}`,
      `  Password:  ${demo.password}`,
      `  API token: ${demo.token}`,
      `  Try it:    curl -H "Authorization: Bearer ${demo.token}" ${launcherEnv.builderUrl}/api/v1/workspaces`,
    );
  }
  lines.push("", "Press Ctrl-C to stop.", "");
  console.log(lines.join("\n"));
}

main().catch((error: unknown) => {
  console.error(`[parley] ${error instanceof Error ? error.message : String(error)}`);
  void shutdown(1);
});
