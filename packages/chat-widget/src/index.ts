export { getTagManagerScript, hashCode, startPropMarker } from "./actions/injectStartProps";
export { ChatApiError, ChatNetworkError } from "./api/chatApiError";
export { type ChatAuth, type ChatClient, createChatClient } from "./api/createChatClient";
export { ChatView, widgetStyles } from "./ChatView";
export { ChatWidget, type ChatWidgetProps } from "./ChatWidget";
export { ShadowHost } from "./ShadowHost";
export { type Answer, type ChatCallbacks, ChatController } from "./session/ChatController";
export type { ChatEntry, ChatState } from "./session/chatState";
export { getThemeVariables } from "./theme/getThemeVariables";
