import { assertOperationScope } from "@parley/platform/auth/apiTokenGrant";
import { AppError, findRateLimitError, toCanonicalError, toErrorBody } from "@parley/platform/errors";
import { type ErrorCode, errorCodes, errorHttpStatuses, errorMessages } from "@parley/schemas";
import { initTRPC } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { Context } from "./context";

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    // Stack traces never leave the server, whatever NODE_ENV says.
    isDev: false,
    errorFormatter({ shape, error }) {
      const body = toErrorBody(toCanonicalError(error));
      // The builder shows how long a rate-limited form stays refused.
      const retryAfterSeconds = findRateLimitError(error)?.retryAfterSeconds;
      return {
        ...shape,
        message: errorMessages[body.code],
        data: { ...shape.data, body, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) },
      };
    },
  });

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;

const statusToCode = new Map<number, ErrorCode>(errorCodes.map((code) => [errorHttpStatuses[code], code]));

/** Where a natural code is not listed for an endpoint, the listed one is used (decisions.md). */
function substituteCode(code: ErrorCode, allowed: ErrorCode[]): ErrorCode {
  if (allowed.includes(code)) return code;
  const preferences: Record<ErrorCode, ErrorCode[]> = {
    NOT_FOUND: ["FORBIDDEN", "BAD_REQUEST"],
    BAD_REQUEST: ["FORBIDDEN"],
    UNAUTHORIZED: ["FORBIDDEN"],
    FORBIDDEN: ["BAD_REQUEST"],
    INTERNAL_SERVER_ERROR: [],
  };
  return preferences[code].find((candidate) => allowed.includes(candidate)) ?? code;
}

/**
 * Every procedure declares the codes it may answer in `meta.openapi.errorResponses`;
 * an error of another code is answered with the closest listed one.
 */
const answerOnlyListedCodes = t.middleware(async ({ meta, next }) => {
  const result = await next();
  const listed = meta?.openapi?.errorResponses;
  if (result.ok || !listed) return result;
  const statuses = Array.isArray(listed) ? listed : Object.keys(listed).map(Number);
  const allowed = statuses.map((status) => statusToCode.get(status)).filter((code) => code !== undefined);
  const canonical = toCanonicalError(result.error);
  const code = substituteCode(canonical.code, allowed);
  if (code === canonical.code) return result;
  throw new AppError(code, canonical.issues, { cause: result.error });
});

export const publicProcedure = t.procedure.use(answerOnlyListedCodes);

/**
 * The caller, authenticated by the mount's rule. A scoped API token is refused an operation outside its
 * scopes (the REST operation's `METHOD /path` in operationScopes) before its input is read.
 */
export const authenticatedProcedure = publicProcedure.use(async ({ ctx, meta, next }) => {
  const user = await ctx.authenticate();
  if (user.apiToken)
    assertOperationScope(user.apiToken, meta?.openapi?.method ?? "", meta?.openapi?.path ?? "");
  return next({ ctx: { user } });
});

/** OpenAPI error responses for the given codes, in the form trpc-to-openapi documents. */
export function errorResponses(...codes: ErrorCode[]): Record<number, string> {
  return Object.fromEntries(codes.map((code) => [errorHttpStatuses[code], errorMessages[code]]));
}
