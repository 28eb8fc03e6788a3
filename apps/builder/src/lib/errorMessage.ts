import { TRPCClientError } from "@trpc/client";
import { z } from "zod";

/** What an API error carries besides its message: the contract's error body, and a rate limit's wait. */
const errorDataSchema = z.object({
  body: z
    .object({
      message: z.string().optional(),
      issues: z.array(z.object({ message: z.string(), code: z.string().optional() })).optional(),
    })
    .optional()
    .catch(undefined),
  retryAfterSeconds: z.unknown().optional(),
});

function readErrorData(error: TRPCClientError<never>) {
  const parsed = errorDataSchema.safeParse(error.data);
  return parsed.success ? parsed.data : undefined;
}

/** The most specific message of an API error, for showing next to a form. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    const body = readErrorData(error)?.body;
    return body?.issues?.[0]?.message ?? body?.message ?? error.message;
  }
  return error instanceof Error ? error.message : "Something went wrong";
}

/** Every issue's message of an API error (a refused publish lists one per block to fix). */
export function getErrorIssueMessages(error: unknown): string[] {
  if (!(error instanceof TRPCClientError)) return [];
  return (readErrorData(error)?.body?.issues ?? []).map((issue) => issue.message);
}

/** Every issue of an API error, with its machine-readable code when it has one. */
export function getErrorIssues(error: unknown): { message: string; code: string | null }[] {
  if (!(error instanceof TRPCClientError)) return [];
  return (readErrorData(error)?.body?.issues ?? []).map((issue) => ({
    message: issue.message,
    code: issue.code ?? null,
  }));
}

/** The machine-readable issue codes of an API error (e.g. `CONFLICT_NEWER_VERSION`). */
export function getErrorIssueCodes(error: unknown): string[] {
  if (!(error instanceof TRPCClientError)) return [];
  const body = readErrorData(error)?.body;
  return (body?.issues ?? []).flatMap((issue) => (issue.code ? [issue.code] : []));
}

/** Seconds a rate-limited form stays refused (RATE_LIMITED answers carry it), else null. */
export function getRetryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof TRPCClientError)) return null;
  const seconds = readErrorData(error)?.retryAfterSeconds;
  return typeof seconds === "number" && seconds > 0 ? seconds : null;
}
