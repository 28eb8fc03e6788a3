import { isEngineError } from "@parley/engine";
import { AppError, toCanonicalError } from "../../errors";
import { errorResponse, handleWebRequest, type RequestScope } from "../../rest/handleWebRequest";
import { ChatError, chatErrors } from "../chatErrors";
import type { ChatRuntime } from "../createChatRuntime";
import { addCorsHeaders, preflightResponse } from "./cors";

export interface ChatRequestContext {
  request: Request;
  scope: RequestScope;
  runtime: ChatRuntime;
  /** The path parameters captured by the endpoint's pattern, in order. */
  params: string[];
  /** When the request reached the handler (ms since the epoch, this process's clock). */
  receivedAt: number;
}

export type ChatHandler = (request: Request) => Promise<Response>;

/** Engine refusals are the caller's (BAD_REQUEST with the engine's code), except a corrupt state. */
function toAppError(error: unknown): unknown {
  if (!isEngineError(error)) return error;
  if (error.code === "SESSION_STATE_INVALID" || error.code === "FLOW_MISMATCH") return error;
  if (error.code === "SESSION_COMPLETED") return chatErrors.sessionNotFound();
  return new ChatError("BAD_REQUEST", { message: error.message, code: error.code });
}

/**
 * A chat endpoint as a Web-standard `(Request) => Response` function, mounted
 * as is by Next route handlers and the chat server: CORS preflight, the
 * request frame (request id, access log, contract error body), errors with
 * their extra headers (Retry-After), and CORS headers on every answer.
 */
export function createChatEndpoint(
  runtime: ChatRuntime,
  pattern: RegExp,
  handle: (context: ChatRequestContext) => Promise<Response>,
  method = "POST",
): ChatHandler {
  return async (request) => {
    const receivedAt = Date.now();
    if (request.method === "OPTIONS") return preflightResponse(request);
    const response = await handleWebRequest(request, async (scope) => {
      try {
        const match = pattern.exec(new URL(request.url).pathname);
        if (!match || request.method !== method) throw new AppError("NOT_FOUND");
        const params = match.slice(1).map((value) => decodeURIComponent(value));
        return await handle({ request, scope, runtime, params, receivedAt });
      } catch (error) {
        const mapped = toAppError(error);
        if (mapped instanceof ChatError && Object.keys(mapped.headers).length > 0) {
          return errorResponse(toCanonicalError(mapped), mapped.headers);
        }
        throw mapped;
      }
    });
    addCorsHeaders(request, response);
    return response;
  };
}

/** Takes a token from a rate limiter or refuses with RATE_LIMITED and Retry-After. */
export function takeRateLimitToken(limiter: { take: (key: string) => number }, key: string) {
  const retryAfterSeconds = limiter.take(key);
  if (retryAfterSeconds > 0) throw chatErrors.rateLimited(retryAfterSeconds);
}
