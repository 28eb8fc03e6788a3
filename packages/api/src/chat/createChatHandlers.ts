import { createStreamMessageHandler } from "../integrations/streaming/createStreamMessageHandler";
import type { ChatRuntime } from "./createChatRuntime";
import { createContinueChatHandler } from "./handlers/continueChat";
import { createCreateUploadHandler } from "./handlers/createUpload";
import { createGetFileHandler } from "./handlers/getFile";
import { createPutUploadHandler } from "./handlers/putUpload";
import { createStartChatHandler } from "./handlers/startChat";
import { createStartPreviewChatHandler } from "./handlers/startPreviewChat";
import { createUpdateBotHandler } from "./handlers/updateBot";
import type { ChatHandler } from "./http/createChatEndpoint";

export interface ChatHandlers {
  startChat: ChatHandler;
  continueChat: ChatHandler;
  updateBot: ChatHandler;
  startPreviewChat: ChatHandler;
  createUpload: ChatHandler;
  putUpload: ChatHandler;
  getFile: ChatHandler;
  streamMessage: ChatHandler;
}

/** The chat endpoints of one runtime, each a `(Request) => Response` function. */
export function createChatHandlers(runtime: ChatRuntime): ChatHandlers {
  return {
    startChat: createStartChatHandler(runtime),
    continueChat: createContinueChatHandler(runtime),
    updateBot: createUpdateBotHandler(runtime),
    startPreviewChat: createStartPreviewChatHandler(runtime),
    createUpload: createCreateUploadHandler(runtime),
    putUpload: createPutUploadHandler(runtime),
    getFile: createGetFileHandler(runtime),
    streamMessage: createStreamMessageHandler(runtime),
  };
}

/** Where each handler is mounted under /api/v1 (the chat server's routing table; Next uses route files). */
export const chatRoutes: { pattern: RegExp; handler: keyof ChatHandlers }[] = [
  { pattern: /^\/api\/v1\/bots\/[^/]+\/startChat$/, handler: "startChat" },
  { pattern: /^\/api\/v1\/bots\/[^/]+\/preview\/startChat$/, handler: "startPreviewChat" },
  { pattern: /^\/api\/v1\/sessions\/[^/]+\/continueChat$/, handler: "continueChat" },
  { pattern: /^\/api\/v1\/sessions\/[^/]+\/updateBot$/, handler: "updateBot" },
  { pattern: /^\/api\/v1\/sessions\/[^/]+\/streamMessage$/, handler: "streamMessage" },
  { pattern: /^\/api\/v1\/sessions\/[^/]+\/uploads$/, handler: "createUpload" },
  { pattern: /^\/api\/v1\/sessions\/[^/]+\/uploads\/[^/]+\/[^/]+$/, handler: "putUpload" },
  { pattern: /^\/api\/v1\/files\/(?:public|private)(?:\/[^/]+){5}$/, handler: "getFile" },
];

/** The handler of a path, if any. */
export function findChatHandler(handlers: ChatHandlers, pathname: string): ChatHandler | null {
  const route = chatRoutes.find((candidate) => candidate.pattern.test(pathname));
  return route ? handlers[route.handler] : null;
}
