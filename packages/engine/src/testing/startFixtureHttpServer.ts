import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The HTTP server the `http-request` fixture calls: `POST /greet` with `{"name"}` answers
 * `{"greeting": "Hello <name>"}`; anything else is 404. Listens on 127.0.0.1 (a test must allow it
 * through the SSRF rules).
 */
export const startFixtureHttpServer = async (): Promise<{ url: string; close(): Promise<void> }> => {
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      if (request.method !== "POST" || request.url !== "/greet") {
        response.writeHead(404).end();
        return;
      }
      let name = "";
      try {
        name = String(JSON.parse(body).name ?? "");
      } catch {
        name = "";
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ greeting: `Hello ${name}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
