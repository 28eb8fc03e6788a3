// Every chat endpoint, declared once: the Next catch-all routes of the viewer and the builder, the
// chat server, path matching and the OpenAPI document of the chat endpoints all read this table.
// Each feature folder declares its own endpoints; the table is their concatenation.

import { channelEndpoints } from "./channels/channelEndpoints";
import type { ChatEndpoint } from "./core/chatEndpoint";
import type { CompleteChatRuntime } from "./createChatRuntime";
import { handoffEndpoints } from "./handoff/handoffEndpoints";
import { listenWebhookEndpoints } from "./listen-webhook/listenWebhookEndpoints";
import { streamingEndpoints } from "./streaming/streamingEndpoints";
import { uploadEndpoints } from "./uploads/uploadEndpoints";
import { webChatEndpoints } from "./web-chat/webChatEndpoints";

/** In the order of the OpenAPI document. No two endpoints share a method and path (a path and method match decide the endpoint). */
export const chatEndpoints: readonly ChatEndpoint<string, CompleteChatRuntime>[] = [
  ...webChatEndpoints,
  ...uploadEndpoints,
  ...streamingEndpoints,
  ...listenWebhookEndpoints,
  ...handoffEndpoints,
  ...channelEndpoints,
];
