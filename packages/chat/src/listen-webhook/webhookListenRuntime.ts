import type { ChatRuntime } from "../core/chatRuntime";

/** Long polls of clients waiting for a webhook block's call: how long one is held, how often it reads. */
export interface WebhookListenRuntime {
  webhookListen: { holdMs: number; pollIntervalMs: number };
}

/** The runtime of the listen-webhook handlers: the core's and theirs. */
export type WebhookListenChatRuntime = ChatRuntime & WebhookListenRuntime;

export function createWebhookListenRuntime(options: {
  holdMs?: number;
  pollIntervalMs?: number;
}): WebhookListenRuntime {
  // 25 s stays under the idle timeouts of common proxies; one indexed read a second per waiting client.
  return { webhookListen: { holdMs: 25_000, pollIntervalMs: 1_000, ...options } };
}
