import type { SessionState, WebhookListen } from "@parley/engine";
import { webhookBlock } from "@parley/schemas";

/** The webhook block a session waits at, with its listen, or null when it waits for something else. */
export function getWebhookListen(state: SessionState): (WebhookListen & { blockId: string }) | null {
  const waitingFor = state.waitingFor;
  if (waitingFor?.kind !== "dedicatedReply" || waitingFor.action !== webhookBlock.type || !waitingFor.webhook)
    return null;
  return { ...waitingFor.webhook, blockId: waitingFor.blockId };
}
