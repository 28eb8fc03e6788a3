import { AppError } from "@parley/platform/errors";

/** An application error whose response carries extra headers (Retry-After). */
export class ChatError extends AppError {
  readonly headers: Record<string, string>;

  constructor(
    code: ConstructorParameters<typeof AppError>[0],
    issue: { message: string; code: string; path?: (string | number)[] },
    headers: Record<string, string> = {},
  ) {
    super(code, [issue]);
    this.headers = headers;
  }
}

export const chatErrors = {
  botNotFound: () => new ChatError("BAD_REQUEST", { message: "Bot not found", code: "BOT_NOT_FOUND" }),
  sessionNotFound: () =>
    new ChatError("BAD_REQUEST", { message: "Session not found", code: "SESSION_NOT_FOUND" }),
  sessionExpired: () =>
    new ChatError("BAD_REQUEST", {
      message: "Session expired. You need to start a new session.",
      code: "SESSION_EXPIRED",
    }),
  botClosed: (message: string) => new ChatError("BAD_REQUEST", { message, code: "BOT_CLOSED" }),
  workspaceSuspended: () =>
    new ChatError("FORBIDDEN", {
      message: "The workspace of this bot is suspended",
      code: "WORKSPACE_SUSPENDED",
    }),
  chatsLimitReached: () =>
    new ChatError("FORBIDDEN", {
      message: "The workspace of this bot reached its chats limit for this period",
      code: "CHATS_LIMIT_REACHED",
    }),
  rateLimited: (retryAfterSeconds: number, limitHeaders: Record<string, string> = {}) =>
    new ChatError(
      "FORBIDDEN",
      { message: `Too many requests, retry in ${retryAfterSeconds} s`, code: "RATE_LIMITED" },
      { "retry-after": String(retryAfterSeconds), ...limitHeaders },
    ),
  originNotAllowed: () =>
    new ChatError("FORBIDDEN", {
      message: "This origin is not allowed to chat with this bot",
      code: "ORIGIN_NOT_ALLOWED",
    }),
  noAccess: () => new AppError("FORBIDDEN"),
  turnTimeout: (budgetMs: number) =>
    new ChatError("BAD_REQUEST", {
      message: `The bot did not answer within ${Math.round(budgetMs / 1000)} s; the reply was not recorded`,
      code: "TURN_TIMEOUT",
    }),
  idempotencyKeyReused: () =>
    new ChatError("BAD_REQUEST", {
      message: "This Idempotency-Key was used for another request",
      code: "IDEMPOTENCY_KEY_REUSED",
      path: ["Idempotency-Key"],
    }),
  invalidIdempotencyKey: () =>
    new ChatError("BAD_REQUEST", {
      message: "Idempotency-Key must be 1 to 255 visible ASCII characters",
      code: "INVALID_IDEMPOTENCY_KEY",
      path: ["Idempotency-Key"],
    }),
};
