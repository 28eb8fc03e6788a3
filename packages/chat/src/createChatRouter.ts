import { chatEndpoints } from "./chatEndpoints";
import type { ChatHost } from "./core/chatEndpoint";
import { type ChatRouterOptions, routeChatEndpoints, type WebHandler } from "./core/http/routeChatEndpoints";
import type { CompleteChatRuntime } from "./createChatRuntime";

export type { ChatRouterOptions, WebHandler };

/** The chat endpoints a host serves (chatEndpoints.ts) on one runtime, as one `(Request) => Response` function. */
export function createChatRouter(
  runtime: CompleteChatRuntime,
  host: ChatHost,
  fallback: WebHandler,
  options: ChatRouterOptions = {},
): WebHandler {
  return routeChatEndpoints(chatEndpoints, runtime, host, fallback, options);
}
