import type { SendResult } from "@parley/integrations/messaging/postPlatformCall";

/** A platform call tried again after each of `delaysMs` while it fails in a way a later try may not. */
export async function sendWithRetry(
  send: () => Promise<SendResult>,
  delaysMs: readonly number[],
): Promise<SendResult> {
  let result = await send();
  for (const delay of delaysMs) {
    if (result.ok || !result.isRetryable) return result;
    await new Promise((resolve) => setTimeout(resolve, delay));
    result = await send();
  }
  return result;
}
