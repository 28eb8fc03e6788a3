// The builder's and the viewer's production server (`npm start`, `npm run start:prod`; bundled into
// dist/server/nextServer.mjs): the app's standalone output (`.next/standalone/apps/<app>`, the folder given as
// the first argument) served by Next's request handler behind a thin node:http layer. Next decodes the path
// and builds a Web Request before any route or proxy of ours runs, and answers what it cannot (a malformed
// percent-escape, `TRACE`) with a plain-text 500; the layer answers those first, in the contract's error body
// (packages/platform/src/http/guardRawRequest.ts). Otherwise it starts the app as Next's generated server.js
// does: the same configuration (from the build's required-server-files.json), PORT, HOSTNAME and
// KEEP_ALIVE_TIMEOUT. The layer also counts every request in the process's metrics under its Next route
// (`/[publicId]`, `/api/v1/[...path]`: from the build's routes-manifest.json, never the raw path) and, with
// METRICS_TOKEN set, answers `GET /metrics` (packages/platform/src/metrics.ts).
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import {
  answerClientError,
  answerInternalError,
  answerRawRequestProblem,
} from "@parley/platform/http/guardRawRequest";

type NodeHandler = (
  request: import("node:http").IncomingMessage,
  response: import("node:http").ServerResponse,
) => Promise<void>;
interface NextCustomServer {
  prepare(): Promise<void>;
  getRequestHandler(): NodeHandler;
  getUpgradeHandler(): (request: unknown, socket: unknown, head: unknown) => Promise<void>;
}

const dir = path.resolve(process.argv[2] ?? ".");
const { config } = JSON.parse(
  readFileSync(path.join(dir, ".next", "required-server-files.json"), "utf8"),
) as {
  config: Record<string, unknown>;
};
process.chdir(dir);
// The role on log lines and metrics: the app's folder name (builder, viewer), unless the launcher set it.
process.env.PARLEY_PROCESS_ROLE ??= path.basename(dir);
// Imported once the role is set: the platform reads its environment on import.
const { answerMetricsRequest, createRouteLabeler, observeHttpRequest, pathOf } = await import(
  "@parley/platform/metrics"
);
const { getRequestTracer, startTracing } = await import("@parley/platform/tracing");
await startTracing();
const labelRoute = createRouteLabeler(readNextRoutes(dir));
// What Next's generated server.js sets before loading Next.
Object.assign(process.env, {
  NODE_ENV: "production",
  __NEXT_PRIVATE_STANDALONE_CONFIG: JSON.stringify(config),
});
// The variables Next's server.js reads (not the project's own: appProcesses.ts sets them).
const { PORT, HOSTNAME, KEEP_ALIVE_TIMEOUT } = process.env;
const port = Number.parseInt(PORT ?? "", 10) || 3000;
const hostname = HOSTNAME || "0.0.0.0";
const keepAliveTimeout = Number.parseInt(KEEP_ALIVE_TIMEOUT ?? "", 10);

// Next as the standalone output ships it (its node_modules), through its custom-server API.
const next = createRequire(path.join(dir, "server.js"))("next") as (
  options: Record<string, unknown>,
) => NextCustomServer;
const app = next({ dev: false, dir, conf: config, hostname, port });

/** The app's routes as Next matches them (literal ones first), and its build's assets as one route. */
function readNextRoutes(appDir: string) {
  const manifest = JSON.parse(readFileSync(path.join(appDir, ".next", "routes-manifest.json"), "utf8")) as {
    staticRoutes: { page: string; regex: string }[];
    dynamicRoutes: { page: string; regex: string }[];
  };
  return [
    { route: "/_next/*", regex: /^\/_next\// },
    ...[...manifest.staticRoutes, ...manifest.dynamicRoutes].map((entry) => ({
      route: entry.page,
      regex: new RegExp(entry.regex),
    })),
  ];
}

const server = createServer((request, response) => {
  if (answerMetricsRequest(request, response)) return;
  const startedAt = performance.now();
  response.once("finish", () =>
    observeHttpRequest(
      labelRoute(pathOf(request.url)),
      request.method ?? "GET",
      response.statusCode,
      startedAt,
    ),
  );
  if (answerRawRequestProblem(request, response)) return;
  const tracer = getRequestTracer();
  const serve = () =>
    handle(request, response).catch((error: unknown) => {
      console.error(error);
      answerInternalError(response);
    });
  if (tracer) void tracer.traceRequest(request, response, labelRoute(pathOf(request.url)), serve);
  else void serve();
});
if (keepAliveTimeout >= 0) server.keepAliveTimeout = keepAliveTimeout;
server.on("clientError", answerClientError);

let handle: NodeHandler = async () => {
  throw new Error("The app is not ready");
};
try {
  await app.prepare();
} catch (error) {
  console.error(error);
  process.exit(1);
}
handle = app.getRequestHandler();
const upgrade = app.getUpgradeHandler();
server.on("upgrade", (request, socket, head) => {
  upgrade(request, socket, head).catch(() => socket.destroy());
});
server.on("error", (error) => {
  console.error(error);
  process.exit(1);
});
server.listen(port, hostname, () => {
  console.log(`Ready on http://${hostname}:${port}`);
});
