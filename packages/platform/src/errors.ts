import { Prisma } from "@parley/db";
import { type ErrorBody, type ErrorCode, type ErrorIssue, errorCodes, errorMessages } from "@parley/schemas";
import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/unstable-core-do-not-import";
import { ZodError } from "zod";

/**
 * The one application error. Domain code throws it with a contract code and
 * optional issues; the wire shape is produced once, by `toErrorBody`.
 */
export class AppError extends TRPCError {
  readonly appCode: ErrorCode;
  readonly issues: ErrorIssue[];

  constructor(code: ErrorCode, issues: ErrorIssue[] = [], options: { cause?: unknown } = {}) {
    super({ code, message: issues[0]?.message ?? errorMessages[code], cause: options.cause });
    this.appCode = code;
    this.issues = issues;
  }
}

/**
 * A call refused by a rate limit: FORBIDDEN with issue code RATE_LIMITED (decisions.md), and the wait,
 * which the mounts answer as `Retry-After` and the builder shows.
 */
export class RateLimitError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super("FORBIDDEN", [{ message, code: "RATE_LIMITED" }]);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The rate-limit refusal an error is, or wraps as its cause (as tRPC wraps a procedure's error). */
export function findRateLimitError(error: unknown): RateLimitError | undefined {
  if (error instanceof RateLimitError) return error;
  const cause = error instanceof Error ? error.cause : undefined;
  return cause instanceof RateLimitError ? cause : undefined;
}

/** A wait in words: "45 seconds", "1 minute", "15 minutes" (rounded up). */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

export const badRequest = (message: string, issueCode?: string, path?: (string | number)[]) =>
  new AppError("BAD_REQUEST", [
    { message, ...(issueCode ? { code: issueCode } : {}), ...(path ? { path } : {}) },
  ]);
export const forbidden = (message?: string, issueCode?: string) =>
  new AppError("FORBIDDEN", message ? [{ message, ...(issueCode ? { code: issueCode } : {}) }] : []);
export const notFound = (message?: string) => new AppError("NOT_FOUND", message ? [{ message }] : []);
export const unauthorized = () => new AppError("UNAUTHORIZED");

/** tRPC's own codes folded onto the five codes of the contract. */
const contractCodeOfTrpcCode: Record<TRPC_ERROR_CODE_KEY, ErrorCode> = {
  PARSE_ERROR: "BAD_REQUEST",
  BAD_REQUEST: "BAD_REQUEST",
  UNSUPPORTED_MEDIA_TYPE: "BAD_REQUEST",
  PAYLOAD_TOO_LARGE: "BAD_REQUEST",
  UNPROCESSABLE_CONTENT: "BAD_REQUEST",
  CONFLICT: "BAD_REQUEST",
  PRECONDITION_FAILED: "BAD_REQUEST",
  PRECONDITION_REQUIRED: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  PAYMENT_REQUIRED: "FORBIDDEN",
  TOO_MANY_REQUESTS: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  METHOD_NOT_SUPPORTED: "NOT_FOUND",
  INTERNAL_SERVER_ERROR: "INTERNAL_SERVER_ERROR",
  NOT_IMPLEMENTED: "INTERNAL_SERVER_ERROR",
  BAD_GATEWAY: "INTERNAL_SERVER_ERROR",
  SERVICE_UNAVAILABLE: "INTERNAL_SERVER_ERROR",
  GATEWAY_TIMEOUT: "INTERNAL_SERVER_ERROR",
  TIMEOUT: "INTERNAL_SERVER_ERROR",
  CLIENT_CLOSED_REQUEST: "BAD_REQUEST",
};

/**
 * One issue per invalid field path (zod can report several for one field). A key that a strict object
 * does not take (zod reports the keys together, at the object) is one `UNKNOWN_FIELD` issue at the key's
 * own path: a field sent is stored or refused by name, never dropped without a word.
 */
export function issuesFromZodError(error: ZodError): ErrorIssue[] {
  const byPath = new Map<string, ErrorIssue>();
  const add = (path: (string | number)[], issue: Omit<ErrorIssue, "path">) => {
    const key = JSON.stringify(path);
    if (!byPath.has(key)) byPath.set(key, { ...issue, path });
  };
  for (const issue of error.issues) {
    const path = issue.path.map((segment) => (typeof segment === "symbol" ? String(segment) : segment));
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys)
        add([...path, key], {
          message: "Unknown field: this endpoint does not take it",
          code: "UNKNOWN_FIELD",
        });
    } else add(path, { message: issue.message, code: "INVALID_FIELD" });
  }
  return [...byPath.values()];
}

export interface CanonicalError {
  code: ErrorCode;
  issues: ErrorIssue[];
}

/** Classifies anything thrown while serving a request. */
export function toCanonicalError(error: unknown): CanonicalError {
  if (error instanceof AppError) return { code: error.appCode, issues: error.issues };
  if (error instanceof TRPCError) {
    // Input validation only: a ZodError behind an INTERNAL_SERVER_ERROR is a failed output check.
    if (error.code === "BAD_REQUEST" && error.cause instanceof ZodError)
      return { code: "BAD_REQUEST", issues: issuesFromZodError(error.cause) };
    if (error.cause instanceof Prisma.PrismaClientKnownRequestError) return fromPrismaError(error.cause);
    const code = contractCodeOfTrpcCode[error.code] ?? "INTERNAL_SERVER_ERROR";
    if (error.code === "PARSE_ERROR")
      return { code, issues: [{ message: "Malformed JSON body", code: "INVALID_JSON" }] };
    if (error.code === "UNSUPPORTED_MEDIA_TYPE") {
      return {
        code,
        issues: [{ message: "Content-Type must be application/json", code: "UNSUPPORTED_CONTENT_TYPE" }],
      };
    }
    if (error.code === "PAYLOAD_TOO_LARGE") {
      return { code, issues: [{ message: "Request body is larger than 1 MiB", code: "PAYLOAD_TOO_LARGE" }] };
    }
    return { code, issues: [] };
  }
  if (error instanceof ZodError) return { code: "BAD_REQUEST", issues: issuesFromZodError(error) };
  if (error instanceof Prisma.PrismaClientKnownRequestError) return fromPrismaError(error);
  return { code: "INTERNAL_SERVER_ERROR", issues: [] };
}

/**
 * A record deleted between the access check and the write (P2025) is
 * NOT_FOUND; a write that loses a race on a unique or foreign key (P2002,
 * P2003) is BAD_REQUEST. Everything else stays a 500.
 */
function fromPrismaError(error: Prisma.PrismaClientKnownRequestError): CanonicalError {
  if (error.code === "P2025") return { code: "NOT_FOUND", issues: [] };
  if (error.code === "P2002") {
    return { code: "BAD_REQUEST", issues: [{ message: "This value is already taken", code: "CONFLICT" }] };
  }
  if (error.code === "P2003") {
    return {
      code: "BAD_REQUEST",
      issues: [{ message: "A referenced record does not exist", code: "CONFLICT" }],
    };
  }
  return { code: "INTERNAL_SERVER_ERROR", issues: [] };
}

export function toErrorBody({ code, issues }: CanonicalError): ErrorBody {
  return { code, message: errorMessages[code], issues: code === "INTERNAL_SERVER_ERROR" ? [] : issues };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return errorCodes.some((code) => code === value);
}
