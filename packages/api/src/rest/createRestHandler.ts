import { errorBodySchema } from "@parley/schemas";
import type { AnyRouter } from "@trpc/server";
import { createOpenApiFetchHandler } from "trpc-to-openapi";
import type { Context } from "../context";
import { toCanonicalError } from "../errors";
import { errorResponse, handleWebRequest, type RequestScope } from "./handleWebRequest";
import { protectBodyInputsFromCoercion } from "./protectBodyInputsFromCoercion";
import { readJsonBody } from "./readJsonBody";

const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface RestHandlerOptions {
  router: AnyRouter;
  /** Path prefix the handler is mounted on, e.g. "/api/v1". */
  endpoint: `/${string}`;
  createContext: (request: Request, scope: RequestScope) => Context;
}

/**
 * The REST surface (/api/v1) as one Web-standard `(Request) => Response`:
 * trpc-to-openapi routes the request to a procedure; around it, bodies are
 * checked once (size, type, JSON) and every error leaves in the exact
 * `{code, message, issues}` shape of the contract.
 */
export function createRestHandler({ router, endpoint, createContext }: RestHandlerOptions) {
  protectBodyInputsFromCoercion(router);
  return (request: Request) =>
    handleWebRequest(request, async (scope) => {
      const body = METHODS_WITH_BODY.has(request.method) ? await readJsonBody(request) : undefined;
      const forwarded = new Request(request.url, {
        method: request.method,
        headers: withJsonContentType(
          request.headers,
          body !== undefined || METHODS_WITH_BODY.has(request.method),
        ),
        body: METHODS_WITH_BODY.has(request.method) ? JSON.stringify(body ?? {}) : undefined,
        signal: request.signal,
      });
      const response = await createOpenApiFetchHandler({
        req: forwarded,
        endpoint,
        router,
        createContext: () => createContext(request, scope),
        onError: ({ error }) => {
          if (toCanonicalError(error).code === "INTERNAL_SERVER_ERROR") {
            scope.logger.error({ err: error.cause ?? error }, "procedure failed");
          }
        },
      });
      return response.status >= 400 ? toContractErrorResponse(response) : response;
    });
}

function withJsonContentType(headers: Headers, hasBody: boolean) {
  const copy = new Headers(headers);
  copy.delete("content-length");
  if (hasBody) copy.set("content-type", "application/json");
  return copy;
}

/** Rebuilds an error response from the canonical body our error formatter attached. */
async function toContractErrorResponse(response: Response): Promise<Response> {
  const payload = (await response.json().catch(() => undefined)) as { data?: { body?: unknown } } | undefined;
  const parsed = errorBodySchema.safeParse(payload?.data?.body);
  if (parsed.success) return errorResponse(parsed.data);
  return errorResponse({ code: response.status === 404 ? "NOT_FOUND" : "INTERNAL_SERVER_ERROR", issues: [] });
}
