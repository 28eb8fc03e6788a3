import { TRPCClientError } from "@trpc/client";

/** The most specific message of an API error, for showing next to a form. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    const body = (error.data as { body?: { issues?: { message: string }[]; message?: string } } | undefined)
      ?.body;
    return body?.issues?.[0]?.message ?? body?.message ?? error.message;
  }
  return error instanceof Error ? error.message : "Something went wrong";
}

/** The machine-readable issue codes of an API error (e.g. `CONFLICT_NEWER_VERSION`). */
export function getErrorIssueCodes(error: unknown): string[] {
  if (!(error instanceof TRPCClientError)) return [];
  const body = (error.data as { body?: { issues?: { code?: string }[] } } | undefined)?.body;
  return (body?.issues ?? []).flatMap((issue) => (issue.code ? [issue.code] : []));
}

/** Seconds a rate-limited form stays refused (RATE_LIMITED answers carry it), else null. */
export function getRetryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof TRPCClientError)) return null;
  const seconds = (error.data as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof seconds === "number" && seconds > 0 ? seconds : null;
}
