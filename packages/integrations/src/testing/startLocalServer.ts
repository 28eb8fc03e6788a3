import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface LocalServer {
  port: number;
  /** `http://<host>:<port>` */
  origin: string;
  /** TCP connections accepted so far (counted before any byte is read). */
  connections: number;
  /** Requests whose head was received. */
  requests: IncomingMessage[];
  close: () => Promise<void>;
}

export type LocalHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** An HTTP server on a loopback address for tests; `port` 0 picks a free one. */
export async function startLocalServer(
  handler: LocalHandler,
  options: { host?: string; port?: number } = {},
): Promise<LocalServer> {
  const host = options.host ?? "127.0.0.1";
  const server = http.createServer((request, response) => {
    local.requests.push(request);
    handler(request, response);
  });
  const local: LocalServer = {
    port: 0,
    origin: "",
    connections: 0,
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server.on("connection", () => {
    local.connections++;
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  local.port = (server.address() as AddressInfo).port;
  local.origin = `http://${host.includes(":") ? `[${host}]` : host}:${local.port}`;
  return local;
}

/** Reads a request body as text. */
export async function readRequestText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
