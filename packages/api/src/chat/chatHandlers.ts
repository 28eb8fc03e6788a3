import { createChatHandlers } from "./createChatHandlers";
import { createChatRuntime } from "./createChatRuntime";

/** The chat endpoints of the viewer and the chat server (bearer tokens only), configured from the environment. */
export const chatHandlers = createChatHandlers(createChatRuntime());
