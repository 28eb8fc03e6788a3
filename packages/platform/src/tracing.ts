import type { IncomingMessage, ServerResponse } from "node:http";
import { setQueryTracer } from "@parley/db";
import { processRole } from "./processRole";
import { parleyVersion } from "./version";

/**
 * OpenTelemetry tracing, opt-in through the standard variables (docs/deploy.md, "Traces"): with none of
 * OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or OTEL_TRACES_EXPORTER set (or with
 * OTEL_SDK_DISABLED=true) the SDK is never loaded and the hooks below stay unset: a request pays one property
 * read. Otherwise the Node SDK (@opentelemetry/sdk-node) reads every OTEL_* variable itself (exporter,
 * protocol, endpoint, headers, sampler, resource) and a chat turn is one trace: the HTTP server span of the
 * process's server layer, Next's own spans in the apps, and a client span per SQL statement (the pool's
 * query hook, packages/db/src/pool.ts), children of the request's span through the SDK's async context.
 */
export interface RequestTracer {
  /** Runs `serve` inside the request's server span (continuing a `traceparent` it carries); ends it when `serve` settles. */
  traceRequest(
    request: IncomingMessage,
    response: ServerResponse,
    route: string,
    serve: () => Promise<void>,
  ): Promise<void>;
  shutdown(): Promise<void>;
}

declare global {
  var parleyRequestTracer: RequestTracer | undefined;
}

/** The request tracer once `startTracing` loaded the SDK, else undefined. */
export function getRequestTracer(): RequestTracer | undefined {
  return globalThis.parleyRequestTracer;
}

// biome-ignore lint/style/noProcessEnv: the OTEL_* variables are the OpenTelemetry SDK's own, read by it
const otelEnv = process.env;

/** Whether the OTEL_* variables ask for traces. */
export function isTracingConfigured(env: NodeJS.ProcessEnv = otelEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return false;
  const exporters = env.OTEL_TRACES_EXPORTER?.trim();
  if (exporters) return exporters !== "none";
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/**
 * Loads and starts the SDK when the OTEL_* variables ask for traces (once per process; the entry points call
 * it before serving). The service is named `parley-<role>` unless OTEL_SERVICE_NAME says otherwise.
 */
export async function startTracing(): Promise<void> {
  if (globalThis.parleyRequestTracer || !isTracingConfigured()) return;
  // Only traces: metrics are Prometheus's (metrics.ts) and logs are pino's, unless asked otherwise.
  otelEnv.OTEL_METRICS_EXPORTER ??= "none";
  otelEnv.OTEL_LOGS_EXPORTER ??= "none";
  const [api, { NodeSDK }] = await Promise.all([
    import("@opentelemetry/api"),
    import("@opentelemetry/sdk-node"),
  ]);
  const sdk = new NodeSDK({
    ...(otelEnv.OTEL_SERVICE_NAME ? {} : { serviceName: `parley-${processRole}` }),
    instrumentations: [],
  });
  sdk.start();
  const tracer = api.trace.getTracer("parley", parleyVersion);
  const { SpanKind, SpanStatusCode, context, propagation } = api;

  setQueryTracer((text, run) =>
    tracer.startActiveSpan(
      statementName(text),
      { kind: SpanKind.CLIENT, attributes: { "db.system.name": "postgresql", "db.query.text": text } },
      (span) => {
        const settle = (error?: unknown) => {
          if (error) span.setStatus({ code: SpanStatusCode.ERROR, message: errorMessage(error) });
          span.end();
        };
        try {
          const result = run();
          if (result instanceof Promise) result.then(() => settle(), settle);
          else settle();
          return result;
        } catch (error) {
          settle(error);
          throw error;
        }
      },
    ),
  );

  globalThis.parleyRequestTracer = {
    traceRequest(request, response, route, serve) {
      const parent = propagation.extract(context.active(), request.headers);
      const method = request.method ?? "GET";
      return tracer.startActiveSpan(
        `${method} ${route}`,
        {
          kind: SpanKind.SERVER,
          attributes: { "http.request.method": method, "http.route": route, "url.path": request.url ?? "/" },
        },
        parent,
        async (span) => {
          try {
            await serve();
          } finally {
            span.setAttribute("http.response.status_code", response.statusCode);
            if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
            span.end();
          }
        },
      );
    },
    shutdown: () => sdk.shutdown(),
  };
}

/** A statement's span name: its first keyword (SELECT, INSERT, WITH…), as the database conventions name spans. */
function statementName(text: string): string {
  const keyword = /^\s*([A-Za-z]+)/.exec(text)?.[1];
  return keyword ? keyword.toUpperCase() : "SQL";
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
