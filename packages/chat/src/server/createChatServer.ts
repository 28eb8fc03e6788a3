import { createServer, type Server, type ServerResponse } from "node:http";
import { handleHealthRequest } from "@parley/platform/health";
import {
  answerClientError,
  answerInternalError,
  answerRawRequestProblem,
} from "@parley/platform/http/guardRawRequest";
import type { WebHandler } from "../core/http/routeChatEndpoints";
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
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  if (body) headers["content-length"] = String(body.length);
  target.writeHead(response.status, headers);
  target.end(body);
}

/**
 * A `(Request) => Response` function on a bare node:http server (`npm run chat-server`: the
 * viewer's chat endpoints, the same function its Next catch-all route mounts, without the
 * framework's per-request work), and `/api/health`. Requests no handler can serve (a method no route serves, a
 * path that does not decode) are answered first, as the apps' server does (`guardRawRequest.ts`).
 */
export function createChatServer(options: { handle: WebHandler; origin: string }): ChatServer {
  let inFlight = 0;
  let onIdle: (() => void) | null = null;
  const server = createServer(async (incoming, outgoing) => {
    if (answerRawRequestProblem(incoming, outgoing)) return;
    inFlight++;
    try {
      const request = await toWebRequest(incoming, options.origin);
      const isHealth = new URL(request.url).pathname === "/api/health";
      const response = await (isHealth ? handleHealthRequest : options.handle)(request);
      await writeResponse(response, outgoing);
    } catch {
      answerInternalError(outgoing);
    } finally {
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
