import type { ErrorBody } from "@parley/schemas";

/** An error answer of the chat API (`{code, message, issues}`), with its HTTP status. */
export class ChatApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.issues[0]?.message ?? body.message);
    this.name = "ChatApiError";
  }

  /** The first machine-readable issue code (`BOT_CLOSED`, `SESSION_EXPIRED`, …). */
  get issueCode(): string | undefined {
    return this.body.issues.find((issue) => issue.code)?.code;
  }

  hasIssue(code: string) {
    return this.body.issues.some((issue) => issue.code === code);
  }
}

/** The request never got an answer (offline, DNS, CORS refusal, server down). */
export class ChatNetworkError extends Error {
  constructor(cause: unknown) {
    super("Network error", { cause });
    this.name = "ChatNetworkError";
  }
}
