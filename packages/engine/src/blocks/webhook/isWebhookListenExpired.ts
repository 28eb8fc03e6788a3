import type { WebhookListen } from "../../types/state";

/** Whether a waiting `webhook` block's timeout has passed (a wait stored without one never expires). */
export const isWebhookListenExpired = (listen: WebhookListen | undefined, now: Date): boolean =>
  listen !== undefined && Date.parse(listen.timeoutAt) <= now.getTime();
