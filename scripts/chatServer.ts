// npm run chat-server: the chat endpoints (packages/chat/src/chatEndpoints.ts) on a bare
// node:http server, for deployments that need the last bit of throughput. The same function as
// the viewer's /api/v1 catch-all route. Port CHAT_SERVER_PORT (default 3002); database
// DATABASE_URL, or the embedded PostgreSQL of DATA_DIR (shared with a running `npm start`); the
// credentials key ENCRYPTION_SECRET, or the one `npm start` keeps in DATA_DIR.
// NODE_ENV=production (`npm run start:prod`, which runs the bundle of this file): DATABASE_URL and
// ENCRYPTION_SECRET are required and migrations are left to `npm run migrate`.
// SIGTERM / SIGINT: stop accepting, finish requests in flight, messaging turns and running jobs, close the pool.
// Observability (docs/deploy.md): /api/health/live and /ready, /metrics with METRICS_TOKEN, traces with
// the OTEL_* variables, log lines with role "chat-server".
import "./lib/checkConfiguration";
import { ensureEncryptionSecret } from "./lib/encryptionSecret";
import { launcherEnv } from "./lib/launcherEnv";
import { openDatabase } from "./lib/openDatabase";
import { exitWithoutProductionEnv, isProduction } from "./lib/productionEnv";

const log = (line: string) => console.log(`[chat-server] ${line}`);
// The role the platform reads on import (packages/platform/src/processRole.ts).
process.env.PARLEY_PROCESS_ROLE ??= "chat-server";
if (isProduction) exitWithoutProductionEnv("[chat-server]");
const database = await openDatabase({ log, migrate: !isProduction });
process.env.DATABASE_URL = database.connectionString;
// As `npm start` does: ENCRYPTION_SECRET, else DATA_DIR/encryption-secret (the key of the
// credentials that AI and e-mail blocks use, shared with the builder and viewer of this install).
process.env.ENCRYPTION_SECRET = await ensureEncryptionSecret(launcherEnv.dataDir, log);
// Both now hold the values: a *_FILE form read by the launcher would otherwise be a second source.
delete process.env.DATABASE_URL_FILE;
delete process.env.ENCRYPTION_SECRET_FILE;

// Imported once DATABASE_URL is known: the packages read their environment on import.
const { getRequestTracer, startTracing } = await import("@parley/platform/tracing");
await startTracing();
const { getLockPgPool, getPgPool } = await import("@parley/db");
const { logger } = await import("@parley/platform/logger");
const { handleViewerApiRequest, viewerRuntime } = await import("@parley/chat/mounts/handleViewerApiRequest");
const { createChatServer } = await import("@parley/chat/server/createChatServer");
const { getDomainRoutes } = await import("@parley/chat/custom-domains/getDomainRoutes");
const { startSessionCleanup } = await import("@parley/chat/cleanup/cleanExpiredSessions");
const { startWebhookDeliveries } = await import("@parley/chat/webhooks/startWebhookDeliveries");
const { chatEnv } = await import("@parley/chat/core/env");
const { startProcessJobQueue } = await import("@parley/platform/jobs/processJobQueue");
const { stopJobQueue } = await import("@parley/db/queue");
const { startMessagingDeliveries } = await import("@parley/chat/channels/startMessagingDeliveries");
const { startServerEmailDeliveries } = await import("@parley/chat/email/startServerEmailDeliveries");
const { startHandoffTimeouts } = await import("@parley/chat/handoff/handoffTimeouts");
const { startWaitingEmails } = await import("@parley/chat/handoff/waitingEmails");
const { handleChatOpenApiRequest } = await import("@parley/api/openapi/getChatOpenApiDocument");

const port = chatEnv.CHAT_SERVER_PORT;
const { server, close } = createChatServer({
  origin: `http://localhost:${port}`,
  // The chat runtime's OpenAPI document, as the viewer serves it (apps/viewer/src/app/api/v1/openapi.json).
  handle: (request) =>
    request.method === "GET" && new URL(request.url).pathname === "/api/v1/openapi.json"
      ? handleChatOpenApiRequest(request)
      : handleViewerApiRequest(request),
});
startProcessJobQueue(logger);
const stopCleanup = startSessionCleanup(getPgPool, logger);
const stopWebhooks = startWebhookDeliveries(getPgPool, logger);
const stopMessaging = startMessagingDeliveries(viewerRuntime, logger);
const stopEmails = startServerEmailDeliveries(logger);
const stopHandoffTimeouts = startHandoffTimeouts(viewerRuntime, logger);
const stopWaitingEmails = startWaitingEmails(viewerRuntime, logger);

let isStopping = false;
async function shutdown(signal: string) {
  if (isStopping) return;
  isStopping = true;
  log(`${signal}: finishing requests in flight…`);
  stopCleanup();
  stopWebhooks();
  stopMessaging();
  stopEmails();
  stopHandoffTimeouts();
  stopWaitingEmails();
  await close();
  // Messaging turns acknowledged before they ran still need the pool.
  await viewerRuntime.channels.work.idle();
  // Jobs running here finish (up to 20 s; one still running then is retried elsewhere after its timeout).
  await stopJobQueue();
  await Promise.all([getPgPool().end(), getLockPgPool().end(), getDomainRoutes().close()]);
  await database.stop();
  await getRequestTracer()?.shutdown();
  log("Stopped.");
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void shutdown(signal));

server.listen(port, launcherEnv.HOST, () => {
  log(
    `Chat endpoints on http://${launcherEnv.HOST ?? "localhost"}:${port}/api/v1 (health: /api/health, /api/health/live, /api/health/ready)`,
  );
});
