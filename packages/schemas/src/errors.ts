import { z } from "zod";
import { textSchema } from "./text";

/** The five error codes of the contract, with their fixed messages and HTTP statuses. */
export const errorCodes = [
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "INTERNAL_SERVER_ERROR",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorMessages: Record<ErrorCode, string> = {
  BAD_REQUEST: "Invalid input data",
  UNAUTHORIZED: "Authorization not provided",
  FORBIDDEN: "Insufficient access",
  NOT_FOUND: "Not found",
  INTERNAL_SERVER_ERROR: "Internal server error",
};

export const errorHttpStatuses: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  INTERNAL_SERVER_ERROR: 500,
};

/** Machine-readable reasons carried in `issues[].code` (decisions.md). */
export const issueCodes = [
  "INVALID_JSON",
  "UNSUPPORTED_CONTENT_TYPE",
  "PAYLOAD_TOO_LARGE",
  "INVALID_FIELD",
  "BOT_NOT_FOUND",
  "SESSION_NOT_FOUND",
  "SESSION_EXPIRED",
  "BOT_CLOSED",
  "WORKSPACE_SUSPENDED",
  "CHATS_LIMIT_REACHED",
  "CONFLICT_NEWER_VERSION",
  "RATE_LIMITED",
  "TOKEN_REVOKED",
  "TOKEN_UNKNOWN",
  "INVALID_CREDENTIALS",
  "EMAIL_TAKEN",
  "PUBLIC_ID_TAKEN",
  "TURN_TIMEOUT",
  // Chat runtime (packages/chat/src).
  "ORIGIN_NOT_ALLOWED",
  "IDEMPOTENCY_KEY_REUSED",
  "INVALID_IDEMPOTENCY_KEY",
  "COMMAND_NOT_FOUND",
  "START_GROUP_NOT_FOUND",
  "START_EVENT_NOT_FOUND",
  "INVALID_CLIENT_REPLY",
  "UPLOAD_NOT_EXPECTED",
  "FILE_TYPE_NOT_ALLOWED",
  "FILE_TOO_LARGE",
  // Bot document integrity and import (packages/schemas/src/bot/integrity.ts, bot/migrate).
  "DUPLICATE_ID",
  "MISSING_START_EVENT",
  "UNKNOWN_REFERENCE",
  "UNKNOWN_VARIABLE",
  "EDGE_MISMATCH",
  "UNSUPPORTED_VERSION",
  // The flow checker's rules that stop a publish (packages/schemas/src/bot/flow-check/checkFlow.ts).
  "JUMP_TO_MISSING_GROUP",
  "LOOP_WITHOUT_INPUT",
  // A request line no handler can serve (packages/platform/src/http/guardRawRequest.ts).
  "MALFORMED_PATH",
  "MALFORMED_REQUEST",
] as const;
export type IssueCode = (typeof issueCodes)[number];

export const errorIssueSchema = z
  .object({
    message: textSchema,
    path: z.array(z.union([textSchema, z.number()])).optional(),
    code: textSchema.optional(),
  })
  .meta({ id: "ErrorIssue" });
export type ErrorIssue = z.infer<typeof errorIssueSchema>;

export const errorBodySchema = z
  .object({
    code: z.enum(errorCodes),
    message: textSchema,
    issues: z.array(errorIssueSchema),
  })
  .meta({
    id: "Error",
    description:
      "The body of every error answer: `message` is the fixed text of `code`, details are in `issues`.",
  });
export type ErrorBody = z.infer<typeof errorBodySchema>;
