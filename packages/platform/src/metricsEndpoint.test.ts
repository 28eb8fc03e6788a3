import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";

// `GET /metrics` as the apps' server layer (scripts/nextServer.ts) and the chat server put it in front of
// their handler: a loopback server whose other requests reach an app that knows no `/metrics` route.
const TOKEN = "scrape-token-for-the-apps-0123";
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** The layer as loaded by a process started with `metricsToken` (or without METRICS_TOKEN). */
async function startLayer(metricsToken: string | undefined) {
  vi.stubEnv("METRICS_TOKEN", metricsToken);
  vi.stubEnv("PARLEY_PROCESS_ROLE", "viewer");
  vi.resetModules();
  // The platform reads its environment on import, as the process does at its start.
  const { answerMetricsRequest, getMetrics, observeHttpRequest } = await import("./metrics");
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (answerMetricsRequest(request, response)) return;
    observeHttpRequest("/[publicId]", request.method ?? "GET", 404, performance.now());
    response.writeHead(404, { "content-type": "text/html; charset=utf-8" }).end("<html>Bot not found</html>");
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, getMetrics };
}

describe("GET /metrics of a process started with METRICS_TOKEN", () => {
  it("answers a scrape carrying the token as a bearer token with the text format, role and release", async () => {
    const { url } = await startLayer(TOKEN);
    // A request the app serves, so that the scrape has one to count.
    expect((await fetch(`${url}/some-bot`)).status).toBe(404);
    for (const path of ["/metrics", "/metrics?name[]=parley_build_info"]) {
      const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/plain");
      expect(response.headers.get("cache-control")).toBe("no-store");
      const text = await response.text();
      expect(text).toMatch(/^parley_build_info\{version="\d+\.\d+\.\d+[^"]*",role="viewer"\} 1$/m);
      const requests = text
        .split("\n")
        .find((line) => line.startsWith("parley_http_request_duration_seconds_count{"));
      expect(requests).toContain('route="/[publicId]",method="GET",status="404"');
      expect(requests).toContain('role="viewer"');
      expect(Number(requests?.split(" ").at(-1))).toBeGreaterThanOrEqual(1);
    }
  });

  it("refuses a scrape without the token, with another one or another scheme: 401 in the contract's body, no metric", async () => {
    const { url } = await startLayer(TOKEN);
    const refusals: (string | undefined)[] = [
      undefined,
      "",
      "Bearer",
      "Bearer ",
      "Bearer wrong-token",
      `Bearer ${TOKEN.slice(0, -1)}x`,
      `Bearer ${TOKEN}0`,
      `Bearer  ${TOKEN}`,
      `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString("base64")}`,
      TOKEN,
    ];
    for (const authorization of refusals) {
      const response = await fetch(`${url}/metrics`, {
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({
        code: "UNAUTHORIZED",
        message: "Authorization not provided",
        issues: [],
      });
      expect(text).not.toContain("parley_");
    }
  });

  it("leaves other methods and paths to the app", async () => {
    const { url } = await startLayer(TOKEN);
    const headers = { authorization: `Bearer ${TOKEN}` };
    for (const [method, path] of [
      ["POST", "/metrics"],
      ["GET", "/metrics/"],
      ["GET", "/metricsx"],
      ["GET", "/api/metrics"],
    ] as const) {
      const response = await fetch(`${url}${path}`, { method, headers });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.text()).toBe("<html>Bot not found</html>");
    }
  });
});

describe("GET /metrics of a process started without METRICS_TOKEN", () => {
  it("is not served: the app answers it as any unknown page, and no metric leaves the process", async () => {
    const { url } = await startLayer(undefined);
    for (const headers of [{}, { authorization: "Bearer anything-at-all-0123456789" }] as Record<
      string,
      string
    >[]) {
      const response = await fetch(`${url}/metrics`, { headers });
      expect(response.status).toBe(404);
      const text = await response.text();
      expect(text).toBe("<html>Bot not found</html>");
      expect(text).not.toContain("parley_");
    }
  });
});
