import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { healthRoutes } from "@parley/platform/health";
import { bufferedTextOf } from "@parley/platform/http/bufferedBodies";
import {
  answerClientError,
  answerInternalError,
  answerRawRequestProblem,
} from "@parley/platform/http/guardRawRequest";
import { answerMetricsRequest, observeHttpRequest, pathOf } from "@parley/platform/metrics";
import { getRequestTracer } from "@parley/platform/tracing";
import type { WebHandler } from "../core/http/routeChatEndpoints";
import { labelChatServerRoute } from "./labelChatServerRoute";
import { toWebRequest } from "./toWebRequest";

export interface ChatServer {
  server: Server;
  /** Stops accepting connections, lets requests in flight finish (up to `graceMs`), then closes the rest. */
  close: (graceMs?: number) => Promise<void>;
}

async function writeResponse(response: Response, target: ServerResponse) {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  // An event stream (GET /sessions/{sessionId}/events) is written as it comes, and stopped when the client goes.
  if (response.body && response.headers.get("content-type")?.startsWith("text/event-stream")) {
    target.writeHead(response.status, headers);
    target.flushHeaders();
    const reader = response.body.getReader();
    target.on("close", () => void reader.cancel().catch(() => {}));
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      target.write(chunk.value);
    }
    target.end();
    return;
  }
  // A JSON answer's text is at hand (jsonResponse): written as is, not read back from the body stream.
  const text = bufferedTextOf(response);
  const body = text ?? (response.body ? Buffer.from(await response.arrayBuffer()) : null);
  if (body !== null) headers["content-length"] = String(Buffer.byteLength(body));
  target.writeHead(response.status, headers);
  target.end(body);
}

/**
 * A `(Request) => Response` function on a bare node:http server (`npm run chat-server`: the
 * viewer's chat endpoints, the same function its Next catch-all route mounts, without the
 * framework's per-request work), `/api/health` (`/live`, `/ready`) and, with METRICS_TOKEN, `/metrics`. Requests
 * no handler can serve (a method no route serves, a path that does not decode) are answered first, as the apps'
 * server does (`guardRawRequest.ts`). Every request is counted in `parley_http_request_duration_seconds` under
 * `routeOf(path)` (by default the chat endpoints' templates): a route pattern, never the raw path.
 */
export function createChatServer(options: {
  handle: WebHandler;
  origin: string;
  routeOf?: (pathname: string) => string;
}): ChatServer {
  const routeOf = options.routeOf ?? labelChatServerRoute;
  let inFlight = 0;
  let onIdle: (() => void) | null = null;
  const serve = async (incoming: IncomingMessage, outgoing: ServerResponse, pathname: string) => {
    try {
      const request = await toWebRequest(incoming, options.origin);
      const response = await (healthRoutes.get(pathname) ?? options.handle)(request);
      await writeResponse(response, outgoing);
    } catch {
      answerInternalError(outgoing);
    }
  };
  const server = createServer(async (incoming, outgoing) => {
    if (answerMetricsRequest(incoming, outgoing)) return;
    const startedAt = performance.now();
    const pathname = pathOf(incoming.url);
    const route = routeOf(pathname);
    if (answerRawRequestProblem(incoming, outgoing)) {
      observeHttpRequest(route, incoming.method ?? "GET", outgoing.statusCode, startedAt);
      return;
    }
    inFlight++;
    try {
      const tracer = getRequestTracer();
      if (tracer)
        await tracer.traceRequest(incoming, outgoing, route, () => serve(incoming, outgoing, pathname));
      else await serve(incoming, outgoing, pathname);
    } finally {
      observeHttpRequest(route, incoming.method ?? "GET", outgoing.statusCode, startedAt);
      inFlight--;
      if (inFlight === 0) onIdle?.();
    }
  });
  server.keepAliveTimeout = 65_000;
  server.on("clientError", answerClientError);

  const close = (graceMs = 10_000) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        server.closeAllConnections();
        resolve();
      };
      const timer = setTimeout(done, graceMs);
      server.close();
      server.closeIdleConnections();
      if (inFlight === 0) done();
      else onIdle = done;
    });
  return { server, close };
}
