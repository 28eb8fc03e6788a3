import { createChatHandlers } from "./createChatHandlers";
import { createChatRuntime } from "./createChatRuntime";

/**
 * The chat endpoints as the builder mounts them for its preview chat: there
 * the builder's sign-in cookie authenticates too. Same origin as the builder,
 * so no CORS with credentials and no cookie has to reach the viewer's domain.
 */
export const builderChatHandlers = createChatHandlers(createChatRuntime({ allowSessionCookie: true }));
