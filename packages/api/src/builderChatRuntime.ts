import { type ChatRuntime, createChatRuntime } from "@parley/chat/createChatRuntime";

let runtime: ChatRuntime | undefined;

/**
 * The builder process's one chat runtime: its preview chat endpoints and the procedures that run a
 * turn (a messaging test message) share its caches, rate limits and port services. Made on first use.
 */
export function getBuilderChatRuntime(): ChatRuntime {
  runtime ??= createChatRuntime({ allowSessionCookie: true });
  return runtime;
}
