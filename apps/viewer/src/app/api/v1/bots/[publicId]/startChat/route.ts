// POST /api/v1/bots/{publicId}/startChat (logic in packages/api/src/chat).
import { chatHandlers } from "@parley/api/chat/chatHandlers";
import { onEveryMethod } from "@parley/api/chat/http/onEveryMethod";

export const { GET, POST, PUT, PATCH, DELETE } = onEveryMethod(chatHandlers.startChat);
export const OPTIONS = chatHandlers.startChat;
