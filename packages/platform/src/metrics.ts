import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { countStatements, readPoolUsage } from "@parley/db";
import { errorMessages } from "@parley/schemas";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { platformEnv } from "./env";
import { countErrorLines } from "./logger";
import { processRole } from "./processRole";
import { parleyVersion } from "./version";

/**
 * The Prometheus metrics of a process (prom-client), served at `GET /metrics` on the process's own port
 * when METRICS_TOKEN is set, to a scrape that sends it as a bearer token (docs/deploy.md, "Metrics").
 * The names below are the ones deploy/grafana/parley.json queries (a test checks it against a scrape).
 */
export interface ParleyMetrics {
  registry: Registry;
  /** Every HTTP request, by route pattern (never a raw path), method and status; its `_count` is the request count. */
  httpRequestDuration: Histogram<"route" | "method" | "status">;
  /** Chat turns (startChat, continueChat, messaging replies, listened webhooks) by kind and outcome. */
  chatTurns: Counter<"kind" | "outcome">;
  /** Messages sent to a messaging platform, by platform and outcome. */
  channelSends: Counter<"platform" | "outcome">;
  /** Calls refused by a rate limit, by the limit's name. */
  rateLimitRefusals: Counter<"limit">;
}

export type ChatTurnKind = "start" | "continue" | "channel" | "webhook" | "handoff";
/** completed: the flow ended; waiting: it waits for the next input; conflict: a concurrent turn won; failed: it threw. */
export type ChatTurnOutcome = "completed" | "waiting" | "conflict" | "failed";

const METRICS_KEY = Symbol.for("parley.metrics");
type MetricsGlobal = { [METRICS_KEY]?: ParleyMetrics };

/** HTTP latency buckets, in seconds: from a cached read to a turn waiting on an outside service. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function createMetrics(): ParleyMetrics {
  const registry = new Registry();
  // Every series carries the process's role (builder, viewer, chat-server…): added when a scrape is
  // written, not when a value is recorded.
  registry.setDefaultLabels({ role: processRole });
  // Event-loop lag (nodejs_eventloop_lag_*), heap, GC, handles, CPU and memory of the process.
  collectDefaultMetrics({ register: registry });
  const info = new Gauge({
    name: "parley_build_info",
    help: "Always 1: the release of the process as a label (and its role, as every series)",
    labelNames: ["version"],
    registers: [registry],
  });
  info.labels(parleyVersion).set(1);
  new Counter({
    name: "parley_db_statements_total",
    help: "SQL statements sent through the process's database pools (divided by parley_chat_turns_total: statements per turn)",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(countStatements());
    },
  });
  new Counter({
    name: "parley_log_errors_total",
    help: "Lines logged at error or fatal level (each forwarded to error reporting, see docs/deploy.md)",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(countErrorLines());
    },
  });
  const poolGauge = (
    name: string,
    help: string,
    read: (usage: ReturnType<typeof readPoolUsage>[number]) => number,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ["pool"],
      registers: [registry],
      collect() {
        this.reset();
        for (const usage of readPoolUsage()) this.labels(usage.pool).set(read(usage));
      },
    });
  poolGauge("parley_db_pool_connections", "Open connections of a database pool", (usage) => usage.total);
  poolGauge("parley_db_pool_idle_connections", "Idle connections of a database pool", (usage) => usage.idle);
  poolGauge(
    "parley_db_pool_waiting_clients",
    "Callers waiting for a connection of a database pool",
    (usage) => usage.waiting,
  );
  poolGauge(
    "parley_db_pool_max_connections",
    "The most connections a database pool opens",
    (usage) => usage.max,
  );
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: "parley_http_request_duration_seconds",
      help: "HTTP requests by route pattern, method and status, and how long they took to answer",
      labelNames: ["route", "method", "status"],
      buckets: HTTP_BUCKETS,
      registers: [registry],
    }),
    chatTurns: new Counter({
      name: "parley_chat_turns_total",
      help: "Chat turns by kind (start, continue, channel, webhook) and outcome (completed, waiting, conflict, failed)",
      labelNames: ["kind", "outcome"],
      registers: [registry],
    }),
    channelSends: new Counter({
      name: "parley_channel_sends_total",
      help: "Messages sent to a messaging platform by platform (whatsapp, telegram) and outcome (sent, failed)",
      labelNames: ["platform", "outcome"],
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({
      name: "parley_rate_limit_refusals_total",
      help: "Calls refused by a rate limit, by the limit's name",
      labelNames: ["limit"],
      registers: [registry],
    }),
  };
}

/**
 * The metrics of this process, made on first use. Kept on globalThis: the Next apps load this module
 * twice (their server bundle and the app's own), and both must count into the registry /metrics serves.
 */
export function getMetrics(): ParleyMetrics {
  const holder = globalThis as MetricsGlobal;
  holder[METRICS_KEY] ??= createMetrics();
  return holder[METRICS_KEY];
}

export interface GaugeReading {
  labels?: Record<string, string>;
  value: number;
}

/**
 * Adds a gauge read at each scrape (the job queue's depth and failures, say):
 * `addCollectedGauge({ name: "parley_queue_jobs", help: "…", labelNames: ["queue", "state"], read: readQueueCounts })`.
 * `read` may be async; a reading that throws fails that scrape only (prom-client answers 500 to it).
 */
export function addCollectedGauge(options: {
  name: string;
  help: string;
  labelNames?: string[];
  read: () => GaugeReading[] | Promise<GaugeReading[]>;
}): void {
  const { registry } = getMetrics();
  if (registry.getSingleMetric(options.name)) return;
  new Gauge({
    name: options.name,
    help: options.help,
    labelNames: options.labelNames ?? [],
    registers: [registry],
    async collect() {
      const readings = await options.read();
      this.reset();
      for (const reading of readings) {
        if (reading.labels) this.set(reading.labels, reading.value);
        else this.set(reading.value);
      }
    },
  });
}

/**
 * The child of `metric` for `labels`, made once per metric and label values (prom-client's `labels()`
 * builds a labels object and a bound function on every call; a hot path counts with the kept child).
 */
function labelled<Child>(metric: { labels(...values: string[]): Child }, ...values: string[]): Child {
  let children = labelledChildren.get(metric) as Map<string, Child> | undefined;
  if (!children) {
    children = new Map();
    labelledChildren.set(metric, children);
  }
  const key = values.join("\u0000");
  let child = children.get(key);
  if (child === undefined) {
    child = metric.labels(...values);
    children.set(key, child);
  }
  return child;
}
const labelledChildren = new WeakMap<object, Map<string, unknown>>();

export function countChatTurn(kind: ChatTurnKind, outcome: ChatTurnOutcome): void {
  labelled(getMetrics().chatTurns, kind, outcome).inc();
}

export function countChannelSend(platform: "whatsapp" | "telegram", isSent: boolean): void {
  getMetrics()
    .channelSends.labels(platform, isSent ? "sent" : "failed")
    .inc();
}

export function countRateLimitRefusal(limit: string): void {
  getMetrics().rateLimitRefusals.labels(limit).inc();
}

/** Records one answered request: `startedAt` is its `performance.now()` on arrival. */
export function observeHttpRequest(route: string, method: string, status: number, startedAt: number): void {
  labelled(getMetrics().httpRequestDuration, route, method, String(status)).observe(
    (performance.now() - startedAt) / 1000,
  );
}

/** The label of the paths no route serves: never the raw path, whose ids would make a series each. */
export const UNMATCHED_ROUTE = "unmatched";

export interface RoutePattern {
  /** The route as labelled: `/api/v1/sessions/{sessionId}/continueChat`, `/[publicId]`. */
  route: string;
  regex: RegExp;
}

/** A route template's regex: `{name}` and `[name]` match one segment, `[...name]` one or more, `[[...name]]` any. */
export function toRoutePattern(route: string): RoutePattern {
  const source = route
    .split("/")
    .map((segment) => {
      if (/^\[\[\.\.\.\w+\]\]$/.test(segment)) return "(?:/.*)?";
      if (/^\[\.\.\.\w+\]$/.test(segment)) return "/.+";
      if (/^(\{\w+\}|\[\w+\])$/.test(segment)) return "/[^/]+";
      return segment ? `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}` : "";
    })
    .join("");
  return { route, regex: new RegExp(`^${source || "/"}/?$`) };
}

/**
 * The route label of a path: the first pattern matching it (list the literal routes before the dynamic
 * ones), else UNMATCHED_ROUTE. Only a loop of regex tests: no allocation per request.
 */
export function createRouteLabeler(patterns: readonly RoutePattern[]): (pathname: string) => string {
  return (pathname) => {
    for (const pattern of patterns) if (pattern.regex.test(pathname)) return pattern.route;
    return UNMATCHED_ROUTE;
  };
}

/** The path of a request target without its query: `/a/b?x=1` → `/a/b`. */
export function pathOf(url: string | undefined): string {
  if (!url) return "/";
  const end = url.indexOf("?");
  return end === -1 ? url : url.slice(0, end);
}

function isAuthorizedScrape(header: string | undefined, token: string): boolean {
  if (!header?.startsWith("Bearer ")) return false;
  const given = Buffer.from(header.slice("Bearer ".length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * `GET /metrics` in front of a node:http handler (the chat server's, the apps' server): with METRICS_TOKEN
 * set, answers it (the text format to a scrape sending the token as a bearer token, else UNAUTHORIZED in
 * the contract's body) and says so. Without METRICS_TOKEN it answers nothing: the path is the app's,
 * which knows no such route, and no metric leaves the process.
 */
export function answerMetricsRequest(request: IncomingMessage, response: ServerResponse): boolean {
  const token = platformEnv.METRICS_TOKEN;
  if (!token || request.method !== "GET" || pathOf(request.url) !== "/metrics") return false;
  if (!isAuthorizedScrape(request.headers.authorization, token)) {
    const body = JSON.stringify({ code: "UNAUTHORIZED", message: errorMessages.UNAUTHORIZED, issues: [] });
    response.writeHead(401, {
      "content-type": "application/json; charset=utf-8",
      "www-authenticate": 'Bearer realm="metrics"',
      "cache-control": "no-store",
    });
    response.end(body);
    return true;
  }
  const { registry } = getMetrics();
  registry.metrics().then(
    (text) => {
      response.writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" });
      response.end(text);
    },
    () => {
      response.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      response.end("metrics collection failed\n");
    },
  );
  return true;
}
