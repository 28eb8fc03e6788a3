import { toCanonicalError } from "@parley/platform/errors";
import { errorResponse, handleWebRequest, type RequestScope } from "@parley/platform/http/handleWebRequest";
import { readJsonBody } from "@parley/platform/http/readJsonBody";
import { errorBodySchema } from "@parley/schemas";
import type { AnyRouter } from "@trpc/server";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import type { Context } from "../context";
import { protectBodyInputsFromCoercion } from "./protectBodyInputsFromCoercion";

const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const requestState = Symbol("parley.restRequest");

export interface RestHandlerOptions {
  router: AnyRouter;
  /** Path prefix the handler is mounted on, e.g. "/api/v1". */
  endpoint: `/${string}`;
  createContext: (request: Request, scope: RequestScope) => Context;
}

interface RequestState {
  createContext: () => Context;
  onError: (error: unknown) => void;
}

/**
 * The REST surface (/api/v1) as one Web-standard `(Request) => Response`:
 * trpc-to-openapi routes the request to a procedure; around it, bodies are
 * checked once (size, type, JSON) and every error leaves in the exact
 * `{code, message, issues}` shape of the contract.
 *
 * trpc-to-openapi's own fetch adapter builds a new handler (route table, and
 * outside production a whole OpenAPI document) on every request; this builds
 * its node handler once and hands it the request as its fetch adapter does: a
 * Request whose `url` is relative to the endpoint and whose `body` is the
 * already parsed JSON.
 */
export function createRestHandler({ router, endpoint, createContext }: RestHandlerOptions) {
  protectBodyInputsFromCoercion(router);
  const stateOf = (req: unknown) => (req as { [requestState]: RequestState })[requestState];
  const handleOpenApi = createOpenApiNodeHttpHandler({
    router,
    createContext: ({ req }) => stateOf(req).createContext(),
    // A procedure may answer 202 (work accepted, running in the background) through `ctx.response`.
    responseMeta: ({ ctx, errors }) =>
      errors.length === 0 && (ctx as Context | undefined)?.response?.status
        ? { status: (ctx as Context).response?.status }
        : {},
    onError: ({ error, req }) => stateOf(req).onError(error),
  });
  return (request: Request) =>
    handleWebRequest(request, async (scope) => {
      const hasBody = METHODS_WITH_BODY.has(request.method);
      const body = hasBody ? ((await readJsonBody(request)) ?? {}) : undefined;
      const url = new URL(request.url);
      const relativeUrl = `${url.origin}${url.pathname.replace(endpoint, "")}${url.search}`;
      const headers = new Headers(request.headers);
      headers.delete("content-length");
      if (hasBody) headers.set("content-type", "application/json");
      const bodyless = new Request(request.url, { method: request.method, headers, signal: request.signal });
      const state: RequestState = {
        createContext: () => {
          const context = createContext(request, scope);
          context.response = {};
          return context;
        },
        onError: (error) => {
          if (toCanonicalError(error).code === "INTERNAL_SERVER_ERROR") {
            scope.logger.error({ err: (error as { cause?: unknown }).cause ?? error }, "procedure failed");
          }
        },
      };
      const query = readQuery(url);
      const proxied = new Proxy(bodyless, {
        get: (target, property) => {
          if (property === "url") return relativeUrl;
          if (property === "query") return query;
          if (property === "body") return body;
          if (property === requestState) return state;
          return Reflect.get(target, property);
        },
      });
      const response = await new Promise<Response>((resolve) => {
        const responseHeaders = new Headers();
        let statusCode = 200;
        void handleOpenApi(
          proxied as never,
          {
            setHeader: (key: string, value: string | string[]) => {
              for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(key, item);
            },
            get statusCode() {
              return statusCode;
            },
            set statusCode(code: number) {
              statusCode = code;
            },
            end: (payload: string) =>
              resolve(new Response(payload, { status: statusCode, headers: responseHeaders })),
          } as never,
        );
      });
      return response.status >= 400 ? toContractErrorResponse(response) : response;
    });
}

/**
 * Query parameters as trpc-to-openapi expects them (`name -> values`), in an
 * object without a prototype: its own parser indexes a plain object by the
 * parameter name, so `?valueOf=x` or `?__proto__=x` would reach
 * Object.prototype.
 */
function readQuery(url: URL): Record<string, string[]> {
  const query: Record<string, string[]> = Object.create(null);
  for (const [key, value] of url.searchParams) {
    if (key === "__proto__") continue;
    if (!query[key]) query[key] = [];
    query[key].push(value);
  }
  return query;
}

/** Rebuilds an error response from the canonical body our error formatter attached. */
async function toContractErrorResponse(response: Response): Promise<Response> {
  const payload = (await response.json().catch(() => undefined)) as { data?: { body?: unknown } } | undefined;
  const parsed = errorBodySchema.safeParse(payload?.data?.body);
  if (parsed.success) return errorResponse(parsed.data);
  return errorResponse({ code: response.status === 404 ? "NOT_FOUND" : "INTERNAL_SERVER_ERROR", issues: [] });
}
