import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dbEnv } from "@parley/db";
import { parleyVersion } from "@parley/platform/version";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatClient } from "../testing/chatClient";
import { createPublishedTestBot } from "../testing/chatFixtures";
import { type ChatServerProcess, killChatProcesses, spawnChatServer } from "../testing/spawnChatServer";
import { createGreetingFlow } from "../testing/testFlows";

// `npm run chat-server` as operators run it with metrics (METRICS_TOKEN) and traces (the standard OTEL_*
// variables) on: a Prometheus scrape before and after a chat turn, and the turn's trace as a local OTLP/HTTP
// receiver gets it (JSON encoding, OTEL_EXPORTER_OTLP_PROTOCOL=http/json).

const METRICS_TOKEN = "scrape-token-0123456789";
const CONTINUE_ROUTE = "/api/v1/sessions/{sessionId}/continueChat";

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

let receiver: Server;
const receivedSpans: OtlpSpan[] = [];
const exportPaths: string[] = [];
let server: ChatServerProcess;

beforeAll(async () => {
  // The OTLP/HTTP receiver: POST /v1/traces with an ExportTraceServiceRequest in JSON.
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      exportPaths.push(`${request.method} ${request.url} ${request.headers["content-type"]}`);
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
      };
      for (const resource of body.resourceSpans)
        for (const scope of resource.scopeSpans) receivedSpans.push(...scope.spans);
      response.writeHead(200, { "content-type": "application/json" });
      response.end("{}");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const { port } = receiver.address() as AddressInfo;
  server = await spawnChatServer(dbEnv.DATABASE_URL ?? "", undefined, {
    env: {
      METRICS_TOKEN,
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_BSP_SCHEDULE_DELAY: "100",
      OTEL_SERVICE_NAME: "parley-observability-test",
    },
  });
});

afterAll(async () => {
  if (server) await killChatProcesses([server]);
  await new Promise((resolve) => receiver?.close(resolve));
});

async function scrape(): Promise<string> {
  const response = await fetch(`${server.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return response.text();
}

/** The value of one series of a scrape (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split("\n")) {
    if (line.startsWith(`${name} `) && wanted.length === 0) return Number(line.slice(name.length + 1));
    if (!line.startsWith(`${name}{`)) continue;
    // The labels end at the last "} " (a route pattern holds braces of its own).
    const labelText = line.slice(name.length + 1, line.lastIndexOf("} "));
    const present = [...labelText.matchAll(/(\w+)="([^"]*)"/g)].map(([pair]) => pair);
    if (wanted.every((pair) => present.includes(pair))) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return 0;
}

/** The metric names a PromQL expression reads (not its functions, keywords, labels, strings or ranges). */
function metricNamesOf(expr: string): string[] {
  const bare = expr
    .replace(/"[^"]*"/g, "")
    .replace(/\{[^}]*\}/g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, "");
  const keywords = new Set([
    "by",
    "without",
    "on",
    "ignoring",
    "group_left",
    "group_right",
    "and",
    "or",
    "unless",
    "bool",
    "offset",
  ]);
  return [...bare.matchAll(/([A-Za-z_:][\w:]*)\s*(\()?/g)]
    .filter(([, name, call]) => !call && name !== undefined && !keywords.has(name))
    .map(([, name]) => name as string);
}

async function waitFor<T>(read: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}; exports: ${exportPaths.join("; ")}\n${server.output()}`);
}

describe("the chat server's metrics, traces and health", () => {
  it("counts a turn and its request: the scrape after it shows the turn counter and the latency histogram moved", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    const client = createChatClient(server.baseUrl, bot.chatKey);
    const start = await client.startChat(bot.publicId);
    expect(start.status).toBe(200);
    const sessionId = start.body.sessionId as string;

    const before = await scrape();
    const turn = await client.continueChat(sessionId, "Ada");
    expect(turn.status).toBe(200);
    const after = await scrape();

    const turns = { kind: "continue", outcome: "waiting" };
    expect(sample(after, "parley_chat_turns_total", turns)).toBe(
      sample(before, "parley_chat_turns_total", turns) + 1,
    );
    const request = { route: CONTINUE_ROUTE, method: "POST", status: "200" };
    expect(sample(after, "parley_http_request_duration_seconds_count", request)).toBe(
      sample(before, "parley_http_request_duration_seconds_count", request) + 1,
    );
    // The route is the endpoint's pattern: no series names the session.
    expect(after).not.toContain(sessionId);
    expect(sample(after, "parley_db_statements_total", {})).toBeGreaterThan(
      sample(before, "parley_db_statements_total", {}),
    );
    expect(after).toContain("nodejs_eventloop_lag_seconds ");
    expect(sample(after, "parley_db_pool_max_connections", { pool: "main" })).toBeGreaterThan(0);
    // The cluster's job queue, read at each scrape (no job waits in this test's database: cleanup is off here).
    expect(after).toContain("# TYPE parley_job_queue_jobs gauge");
    expect(sample(after, "parley_build_info", { version: parleyVersion, role: "chat-server" })).toBe(1);
  });

  it("serves every metric the Grafana dashboard (deploy/grafana/parley.json) queries", async () => {
    const dashboard = JSON.parse(
      readFileSync(new URL("../../../../deploy/grafana/parley.json", import.meta.url), "utf8"),
    ) as {
      panels: { targets: { expr: string }[] }[];
      templating: { list: { definition?: string }[] };
    };
    const expressions = [
      ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)),
      ...dashboard.templating.list.flatMap((variable) =>
        variable.definition ? [variable.definition.replace(/^label_values\((.*), \w+\)$/, "$1")] : [],
      ),
    ];
    const queried = new Set(expressions.flatMap(metricNamesOf));
    expect(queried.size).toBeGreaterThan(10);
    const text = await scrape();
    // A histogram's series are its name with _bucket, _count and _sum.
    const served = new Set(
      [...text.matchAll(/^# TYPE (\S+) (\w+)$/gm)].flatMap(([, name, type]) =>
        type === "histogram" ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name as string],
      ),
    );
    expect([...queried].filter((name) => !served.has(name))).toEqual([]);
  });

  it("refuses a scrape without the token, in the contract's error body", async () => {
    const anonymous = await fetch(`${server.baseUrl}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: "UNAUTHORIZED", issues: [] });
    const wrong = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: "Bearer wrong-token" },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain("parley_");
  });

  it("answers liveness and readiness with the release", async () => {
    for (const path of ["/api/health/live", "/api/health/ready", "/api/health"]) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: "ok", version: parleyVersion });
    }
  });

  it("exports a turn as one trace: the request's server span and its SQL statements as its children", async () => {
    const bot = await createPublishedTestBot(createGreetingFlow());
    const client = createChatClient(server.baseUrl, bot.chatKey);
    const start = await client.startChat(bot.publicId);
    const turn = await client.continueChat(start.body.sessionId as string, "Grace");
    expect(turn.status).toBe(200);

    const serverSpan = await waitFor(
      () => receivedSpans.find((span) => span.name === `POST ${CONTINUE_ROUTE}` && span.kind === 2),
      "the continueChat server span",
    );
    const sqlSpans = await waitFor(() => {
      const found = receivedSpans.filter(
        (span) =>
          span.traceId === serverSpan.traceId &&
          span.attributes?.some((a) => a.key === "db.system.name" && a.value.stringValue === "postgresql"),
      );
      return found.length >= 2 ? found : undefined;
    }, "the turn's SQL spans");
    const byId = new Map(receivedSpans.map((span) => [span.spanId, span]));
    for (const sql of sqlSpans) {
      expect(sql.kind).toBe(3); // CLIENT
      // Each statement's parent chain reaches the request's span.
      let parent = sql.parentSpanId ? byId.get(sql.parentSpanId) : undefined;
      while (parent && parent.spanId !== serverSpan.spanId)
        parent = parent.parentSpanId ? byId.get(parent.parentSpanId) : undefined;
      expect(parent?.spanId).toBe(serverSpan.spanId);
    }
    const statements = sqlSpans.map(
      (span) => span.attributes?.find((a) => a.key === "db.query.text")?.value.stringValue ?? "",
    );
    expect(statements.some((text) => /UPDATE "ChatSession"/.test(text))).toBe(true);
    expect(exportPaths[0]).toMatch(/^POST \/v1\/traces application\/json/);
  });
});
