import { isEngineError } from "@parley/engine";
import { AppError, badRequest, toCanonicalError } from "@parley/platform/errors";
import { errorResponse, handleWebRequest } from "@parley/platform/http/handleWebRequest";
import { illFormedTextMessage, isWellFormedText } from "@parley/schemas/text";
import { type ChatEndpoint, type ChatHost, fullChatPath } from "../chatEndpoint";
import { ChatError, chatErrors } from "../chatErrors";
import type { ChatRuntime } from "../chatRuntime";
import { rateLimitHeaders, readRateLimitState } from "../limits/chatRateLimits";
import { addCorsHeaders, preflightResponse } from "./cors";

export type WebHandler = (request: Request) => Promise<Response>;

export interface ChatRouterOptions {
  /**
   * The bots a request's host serves when it is a verified custom domain, else null (every bot).
   * Asked only by endpoints that name a bot (`{publicId}` or `{botId}` in their path): on a custom
   * domain they answer for its own bots only, as if another did not exist.
   */
  getDomainBots?: (request: Request) => Promise<readonly DomainBot[] | null>;
}

type DomainBot = { botId: string; publicId: string };

interface ChatRoute<Runtime extends ChatRuntime> {
  endpoint: ChatEndpoint<string, Runtime>;
  pattern: RegExp;
  /** The names of the pattern's groups, in order. */
  names: string[];
}

function toChatRoute<Runtime extends ChatRuntime>(
  endpoint: ChatEndpoint<string, Runtime>,
): ChatRoute<Runtime> {
  const names: string[] = [];
  const source = fullChatPath(endpoint)
    .split("/")
    .map((segment) => {
      const name = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (!name) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(name);
      return "([^/]+)";
    })
    .join("/");
  return { endpoint, pattern: new RegExp(`^${source}$`), names };
}

/** On a custom domain, an endpoint naming another bot than the domain's answers as for an unknown bot. */
async function assertServedOnHost(
  options: ChatRouterOptions,
  endpoint: ChatEndpoint,
  request: Request,
  params: Record<string, string>,
) {
  const { publicId, botId } = params;
  if (!options.getDomainBots || (publicId === undefined && botId === undefined)) return;
  const bots = await options.getDomainBots(request);
  if (!bots) return;
  const isServed = bots.some(
    (bot) =>
      (publicId === undefined || bot.publicId === publicId) && (botId === undefined || bot.botId === botId),
  );
  if (isServed) return;
  throw endpoint.docs?.answersNotFound
    ? new AppError("NOT_FOUND", [{ message: "Bot not found", code: "BOT_NOT_FOUND" }])
    : chatErrors.botNotFound();
}

/** Engine refusals are the caller's (BAD_REQUEST with the engine's code), except a corrupt state. */
function toAppError(error: unknown): unknown {
  if (!isEngineError(error)) return error;
  if (error.code === "SESSION_STATE_INVALID" || error.code === "FLOW_MISMATCH") return error;
  if (error.code === "SESSION_COMPLETED") return chatErrors.sessionNotFound();
  return new ChatError("BAD_REQUEST", { message: error.message, code: error.code });
}

/**
 * The endpoints a host serves, on one runtime, as one Web-standard `(Request) => Response` function
 * (createChatRouter.ts serves the package's table with it): a path no endpoint has goes to `fallback`.
 * An endpoint's request gets, once: the CORS preflight, the request frame (request id, access log,
 * contract error body; NOT_FOUND for another method), its path parameters, errors with their extra
 * headers (Retry-After), the RateLimit-* headers of a 2xx answer counted against a limit, and CORS
 * headers on the answer.
 */
export function routeChatEndpoints<Runtime extends ChatRuntime>(
  endpoints: readonly ChatEndpoint<string, Runtime>[],
  runtime: Runtime,
  host: ChatHost,
  fallback: WebHandler,
  options: ChatRouterOptions = {},
): WebHandler {
  const routes = endpoints.filter((endpoint) => endpoint.hosts.includes(host)).map(toChatRoute);
  return (request) => {
    const receivedAt = Date.now();
    const { pathname } = new URL(request.url);
    let pathMatch: { route: ChatRoute<Runtime>; match: RegExpExecArray } | undefined;
    for (const route of routes) {
      const match = route.pattern.exec(pathname);
      if (!match) continue;
      if (route.endpoint.method === request.method)
        return serveChatEndpoint(runtime, options, route, match, request, receivedAt);
      pathMatch ??= { route, match };
    }
    // The path is served with another method: its preflight, or NOT_FOUND in the contract's body.
    if (pathMatch)
      return serveChatEndpoint(runtime, options, pathMatch.route, pathMatch.match, request, receivedAt);
    return fallback(request);
  };
}

/**
 * The path parameters, decoded. One that does not decode to text (a malformed escape, `%00`) is BAD_REQUEST at
 * its name, before any lookup (the apps' server refuses such paths even earlier; this covers every mount).
 */
function decodePathParams(names: string[], match: RegExpExecArray): Record<string, string> {
  const params: Record<string, string> = {};
  names.forEach((name, index) => {
    const invalid = (message: string) => badRequest(message, "INVALID_FIELD", [name]);
    let value: string;
    try {
      value = decodeURIComponent(match[index + 1] ?? "");
    } catch {
      throw invalid("Has a percent-escape that is not UTF-8");
    }
    if (!isWellFormedText(value)) throw invalid(illFormedTextMessage);
    params[name] = value;
  });
  return params;
}

async function serveChatEndpoint<Runtime extends ChatRuntime>(
  runtime: Runtime,
  options: ChatRouterOptions,
  { endpoint, names }: ChatRoute<Runtime>,
  match: RegExpExecArray,
  request: Request,
  receivedAt: number,
): Promise<Response> {
  if (request.method === "OPTIONS") return preflightResponse(request);
  const response = await handleWebRequest(request, async (scope) => {
    try {
      if (request.method !== endpoint.method) throw new AppError("NOT_FOUND");
      const params = decodePathParams(names, match);
      await assertServedOnHost(options, endpoint, request, params);
      const answer = await endpoint.handle({
        request,
        scope,
        runtime,
        params,
        receivedAt,
        pathname: match[0],
      });
      const limitState = readRateLimitState(scope);
      if (limitState && answer.ok) {
        for (const [name, value] of Object.entries(rateLimitHeaders(limitState)))
          answer.headers.set(name, value);
      }
      return answer;
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
}
