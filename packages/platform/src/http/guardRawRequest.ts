import { type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { type ErrorCode, type ErrorIssue, errorHttpStatuses, errorMessages } from "@parley/schemas";
import { isWellFormedText } from "@parley/schemas/text";
import { readRequestId } from "./requestId";

/** The methods the builder, the viewer and the chat server serve (a route may serve fewer). */
const SERVED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

interface RawRequestProblem {
  code: Extract<ErrorCode, "BAD_REQUEST" | "NOT_FOUND">;
  issues: ErrorIssue[];
}

/**
 * What no handler of ours can serve, decided from the request line alone: a method no route serves (TRACE,
 * PROPFIND…: NOT_FOUND, the contract's answer for a method an endpoint does not serve) and a path whose
 * percent-escapes do not decode to text (`%E0%A4%A`, `%ZZ`, `%00`: BAD_REQUEST `MALFORMED_PATH`). Next's
 * server decodes the path before any route or proxy runs and answers such requests with a plain-text 500.
 */
function findRawRequestProblem(method: string, url: string): RawRequestProblem | null {
  if (!SERVED_METHODS.has(method)) return { code: "NOT_FOUND", issues: [] };
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return malformedPath("The path has a percent-escape that is not UTF-8");
  }
  if (!isWellFormedText(decoded)) return malformedPath("The path must not contain NUL characters (%00)");
  return null;
}

function malformedPath(message: string): RawRequestProblem {
  return { code: "BAD_REQUEST", issues: [{ message, code: "MALFORMED_PATH", path: ["path"] }] };
}

function toErrorJson(problem: RawRequestProblem): string {
  return JSON.stringify({ code: problem.code, message: errorMessages[problem.code], issues: problem.issues });
}

/**
 * In front of a node:http request handler (Next's, the chat server's): answers a request
 * `findRawRequestProblem` refuses in the contract's error body with an `x-request-id`, and says so.
 */
export function answerRawRequestProblem(request: IncomingMessage, response: ServerResponse): boolean {
  const problem = findRawRequestProblem(request.method ?? "GET", request.url ?? "/");
  if (!problem) return false;
  const body = toErrorJson(problem);
  const incomingId = request.headers["x-request-id"];
  const requestId = readRequestId(typeof incomingId === "string" ? incomingId : undefined);
  response.writeHead(errorHttpStatuses[problem.code], {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "x-request-id": requestId,
  });
  response.end(request.method === "HEAD" ? undefined : body);
  return true;
}

/**
 * The contract's 500 body, for a request handler (Next's, the chat server's) that threw: the status and
 * content type unless the headers already went out, then the body.
 */
export function answerInternalError(response: ServerResponse): void {
  if (!response.headersSent) response.writeHead(500, { "content-type": "application/json; charset=utf-8" });
  response.end(
    JSON.stringify({
      code: "INTERNAL_SERVER_ERROR",
      message: errorMessages.INTERNAL_SERVER_ERROR,
      issues: [],
    }),
  );
}

/**
 * A server's `clientError` listener: what Node's HTTP parser refuses before any handler (headers over its
 * 16 KiB limit, a method it does not know, a malformed request line) is answered in the contract's body too,
 * instead of Node's bare 400 or 431, and the connection is closed.
 */
export function answerClientError(
  error: Error & { code?: string; rawPacket?: Buffer },
  socket: Duplex,
): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const problem: RawRequestProblem =
    error.code === "HPE_INVALID_METHOD"
      ? { code: "NOT_FOUND", issues: [] }
      : {
          code: "BAD_REQUEST",
          issues: [
            {
              message: "The request line or headers are malformed or larger than 16 KiB",
              code: "MALFORMED_REQUEST",
            },
          ],
        };
  const body = toErrorJson(problem);
  const status = errorHttpStatuses[problem.code];
  // A HEAD request's answer has no body (its client would read one as garbage after the response).
  const isHead = error.rawPacket?.subarray(0, 5).toString("latin1") === "HEAD ";
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      "content-type: application/json; charset=utf-8",
      `content-length: ${Buffer.byteLength(body)}`,
      `x-request-id: ${readRequestId(undefined)}`,
      "connection: close",
      "",
      isHead ? "" : body,
    ].join("\r\n"),
  );
}
