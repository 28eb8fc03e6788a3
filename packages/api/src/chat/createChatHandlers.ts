import type { ChatRuntime } from "./createChatRuntime";
import { createContinueChatHandler } from "./handlers/continueChat";
import { createStartChatHandler } from "./handlers/startChat";
import { createStartPreviewChatHandler } from "./handlers/startPreviewChat";
import { createUpdateBotHandler } from "./handlers/updateBot";
import type { ChatHandler } from "./http/createChatEndpoint";

export interface ChatHandlers {
  startChat: ChatHandler;
  continueChat: ChatHandler;
  updateBot: ChatHandler;
  startPreviewChat: ChatHandler;
}

/** The chat endpoints of one runtime, each a `(Request) => Response` function. */
export function createChatHandlers(runtime: ChatRuntime): ChatHandlers {
  return {
    startChat: createStartChatHandler(runtime),
    continueChat: createContinueChatHandler(runtime),
    updateBot: createUpdateBotHandler(runtime),
    startPreviewChat: createStartPreviewChatHandler(runtime),
  };
}

/** Where each handler is mounted under /api/v1 (the chat server's routing table; Next uses route files). */
export const chatRoutes: { pattern: RegExp; handler: keyof ChatHandlers }[] = [
  { pattern: /^\/api\/v1\/bots\/[^/]+\/startChat$/, handler: "startChat" },
  { pattern: /^\/api\/v1\/bots\/[^/]+\/preview\/startChat$/, handler: "startPreviewChat" },
  { pattern: /^\/api\/v1\/sessions\/[^/]+\/continueChat$/, handler: "continueChat" },
  { pattern: /^\/api\/v1\/sessions\/[^/]+\/updateBot$/, handler: "updateBot" },
];

/** The handler of a path, if any. */
export function findChatHandler(handlers: ChatHandlers, pathname: string): ChatHandler | null {
  const route = chatRoutes.find((candidate) => candidate.pattern.test(pathname));
  return route ? handlers[route.handler] : null;
}
