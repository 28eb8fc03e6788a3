import type { ChatHandler } from "./createChatEndpoint";

/**
 * A chat endpoint as the handler of every method of its Next route file. The endpoint answers
 * a method it does not serve with the contract's NOT_FOUND body (like the REST mount and the
 * chat server), where Next would send a bare 405 for a method the file does not export.
 */
export function onEveryMethod(handler: ChatHandler) {
  return { GET: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler };
}
