import type { SendResult } from "./postPlatformCall";

type Answer = { description?: unknown; error?: { message?: unknown; error_data?: { details?: unknown } } };

/**
 * What the platform said about a refused call, for an author to read: Telegram's `description`, Meta's
 * `error.message` (with its details), else the call's error (unreachable, no JSON answer).
 */
export function getPlatformErrorMessage(result: Extract<SendResult, { ok: false }>): string {
  const answer = (result.answer ?? {}) as Answer;
  if (typeof answer.description === "string") return answer.description;
  const message = answer.error?.message;
  const details = answer.error?.error_data?.details;
  if (typeof message === "string")
    return typeof details === "string" && details !== message ? `${message} (${details})` : message;
  return result.error;
}
