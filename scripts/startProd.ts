// npm run start:prod: the production servers from `npm run build`'s output, one process per
// service: the builder and the viewer (their standalone output, served by dist/server/nextServer.mjs) and the chat server (its
// bundle). `-- --only=builder|viewer|chat-server` starts one (a container per service).
// Ports BUILDER_PORT, VIEWER_PORT, CHAT_SERVER_PORT on HOST; each answers GET /api/health.
// Always production: DATABASE_URL and ENCRYPTION_SECRET are required, nothing is migrated (run
// `npm run migrate` first), no demo account. Runs as a bundle (dist/server/startProd.mjs): no tsx.
import "./lib/checkConfiguration";
import { chatEnv } from "@parley/chat/core/env";
import {
  type AppProcess,
  assertBuilt,
  assertPortFree,
  type ServiceName,
  startApp,
  stopApp,
  waitUntilHealthy,
} from "./lib/appProcesses";
import { launcherEnv } from "./lib/launcherEnv";
import { findProductionEnvProblems } from "./lib/productionEnv";

const log = (line: string) => console.log(`[parley] ${line}`);
const services: ServiceName[] = ["builder", "viewer", "chat-server"];
const ports: Record<ServiceName, number> = {
  builder: launcherEnv.BUILDER_PORT,
  viewer: launcherEnv.VIEWER_PORT,
  "chat-server": chatEnv.CHAT_SERVER_PORT,
};

/** The services named by `--only=` (comma-separated), else all three. */
function selectServices(args: string[]): ServiceName[] {
  const option = args.find((arg) => arg.startsWith("--only="));
  if (!option) return services;
  const names = option.slice("--only=".length).split(",");
  const chosen = services.filter((service) => names.includes(service));
  const unknown = names.filter((name) => !services.some((service) => service === name));
  if (unknown.length > 0 || names.length === 0) {
    throw new Error(`--only takes ${services.join(", ")} (comma-separated); got "${unknown.join(",")}".`);
  }
  return chosen;
}

let apps: AppProcess[] = [];
let isStopping = false;

async function shutdown(exitCode: number) {
  if (isStopping) return;
  isStopping = true;
  if (apps.length > 0) {
    log("Stopping…");
    await Promise.all(apps.map(stopApp));
    log("Stopped.");
  }
  process.exit(exitCode);
}

async function main() {
  const selected = selectServices(process.argv.slice(2));
  const problems = findProductionEnvProblems();
  if (problems.length > 0) throw new Error(problems.join("\n[parley] "));
  for (const name of selected) assertBuilt(name);
  for (const name of selected) await assertPortFree(name, ports[name], launcherEnv.HOST);

  const env = {
    NODE_ENV: "production",
    DATABASE_URL: launcherEnv.DATABASE_URL ?? "",
    ENCRYPTION_SECRET: launcherEnv.ENCRYPTION_SECRET ?? "",
    // The values above are resolved: a *_FILE form the launcher read is not passed on as a second source.
    DATABASE_URL_FILE: "",
    ENCRYPTION_SECRET_FILE: "",
    // Absolute: the apps run in their own folders (uploaded chat files go to DATA_DIR/uploads).
    DATA_DIR: launcherEnv.dataDir,
    BUILDER_URL: launcherEnv.builderUrl,
    VIEWER_URL: launcherEnv.viewerUrl,
  };
  apps = selected.map((name) =>
    startApp({ name, port: ports[name], host: launcherEnv.HOST, isDev: false, env }),
  );
  for (const app of apps) {
    app.child.once("exit", (code, signal) => {
      if (isStopping) return;
      log(`${app.name} exited unexpectedly (${signal ?? `code ${code}`}); stopping everything.`);
      void shutdown(1);
    });
  }
  await Promise.all(apps.map((app) => waitUntilHealthy(app, 120_000)));
  for (const app of apps) log(`${app.name} is healthy on port ${ports[app.name]} (${app.url}/api/health).`);
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => void shutdown(0));
}

main().catch((error: unknown) => {
  console.error(`[parley] ${error instanceof Error ? error.message : String(error)}`);
  void shutdown(1);
});
