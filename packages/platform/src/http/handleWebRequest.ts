import { type ErrorBody, errorHttpStatuses } from "@parley/schemas";
import { type CanonicalError, toCanonicalError, toErrorBody } from "../errors";
import { type Logger, logger } from "../logger";
import { readRequestId } from "./requestId";
import { TextResponse } from "./textResponse";

export interface RequestScope {
  requestId: string;
  logger: Logger;
}

export function jsonResponse(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return jsonTextResponse(JSON.stringify(body), status, headers);
}

/**
 * A JSON answer whose body is already serialised: `text` is `JSON.stringify` of the body (a TextResponse: the
 * node:http mount writes the text as it is).
 */
export function jsonTextResponse(text: string, status = 200, headers: HeadersInit = {}): Response {
  return new TextResponse(text, {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

export function errorResponse(error: CanonicalError | ErrorBody, headers: HeadersInit = {}): Response {
  const body = "message" in error ? error : toErrorBody(error);
  return jsonResponse(body, errorHttpStatuses[body.code], headers);
}

/**
 * The frame of every Web-standard handler of the product: a request id (kept
 * from `x-request-id` when well-formed) on the response and on every log line,
 * one access log line (at info; health probes at debug), and any thrown error turned into the contract's error
 * body. A 500 is logged with its stack and answered without it.
 */
export async function handleWebRequest(
  request: Request,
  handle: (scope: RequestScope) => Promise<Response>,
  options: { accessLogLevel?: "info" | "debug" } = {},
): Promise<Response> {
  const requestId = readRequestId(request.headers.get("x-request-id"));
  // The child logger is made when a line is first written through it (most requests write none).
  let child: Logger | undefined;
  const requestLogger = () => {
    child ??= logger.child({ requestId });
    return child;
  };
  const startedAt = performance.now();
  let response: Response;
  try {
    response = await handle({
      requestId,
      get logger() {
        return requestLogger();
      },
    });
  } catch (error) {
    const canonical = toCanonicalError(error);
    if (canonical.code === "INTERNAL_SERVER_ERROR") requestLogger().error({ err: error }, "request failed");
    response = errorResponse(canonical);
  }
  response.headers.set("x-request-id", requestId);
  const level = options.accessLogLevel ?? "info";
  // The line's fields are built only when it is written (a level above it costs nothing per request).
  if (logger.isLevelEnabled(level)) {
    requestLogger()[level](
      {
        method: request.method,
        path: new URL(request.url).pathname,
        status: response.status,
        ms: Math.round(performance.now() - startedAt),
      },
      "request",
    );
  }
  return response;
}
