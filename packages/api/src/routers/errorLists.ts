import { errorResponses } from "../trpc";

/** The codes of endpoints 4-12 of the spec (and of the bot endpoints beyond it). */
export const readWriteErrors = errorResponses(
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "INTERNAL_SERVER_ERROR",
);

/** The codes of publish and unpublish (no NOT_FOUND: a missing bot is FORBIDDEN). */
export const publishErrors = errorResponses(
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "INTERNAL_SERVER_ERROR",
);
