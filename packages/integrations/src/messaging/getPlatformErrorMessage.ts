import { z } from "zod";
import type { SendResult } from "./postPlatformCall";

/** Telegram's `description` or Meta's `error`; a field of another type reads as absent. */
const answerSchema = z.object({
  description: z.string().optional().catch(undefined),
  error: z
    .object({
      message: z.string().optional().catch(undefined),
      error_data: z
        .object({ details: z.string().optional().catch(undefined) })
        .optional()
        .catch(undefined),
    })
    .optional()
    .catch(undefined),
});

/**
 * What the platform said about a refused call, for an author to read: Telegram's `description`, Meta's
 * `error.message` (with its details), else the call's error (unreachable, no JSON answer).
 */
export function getPlatformErrorMessage(result: Extract<SendResult, { ok: false }>): string {
  const answer = answerSchema.safeParse(result.answer).data ?? {};
  if (answer.description !== undefined) return answer.description;
  const message = answer.error?.message;
  const details = answer.error?.error_data?.details;
  if (message !== undefined)
    return details !== undefined && details !== message ? `${message} (${details})` : message;
  return result.error;
}
