import { type CompleteChatRuntime, createChatRuntime } from "@parley/chat/createChatRuntime";

let runtime: CompleteChatRuntime | undefined;

/**
 * The builder process's one chat runtime: its preview chat endpoints and the procedures that run a
 * turn (a messaging test message) share its caches, rate limits and port services. Made on first use.
 */
export function getBuilderChatRuntime(): CompleteChatRuntime {
  runtime ??= createChatRuntime({ allowSessionCookie: true });
  return runtime;
}
