import type { ChatRuntime } from "../core/chatRuntime";

/** Session event streams: how often a heartbeat is written, how long one stream lasts before the client reconnects. */
export interface HandoffRuntime {
  sessionEvents: { heartbeatMs: number; maxStreamMs: number };
}

/** The runtime of the handoff handlers: the core's and theirs. */
export type HandoffChatRuntime = ChatRuntime & HandoffRuntime;

export function createHandoffRuntime(options: {
  heartbeatMs?: number;
  maxStreamMs?: number;
}): HandoffRuntime {
  // 15 s heartbeats stay under the idle timeouts of common proxies; 5 minutes bounds a stream's life.
  return { sessionEvents: { heartbeatMs: 15_000, maxStreamMs: 5 * 60_000, ...options } };
}
