// POST /api/v1/bots/{publicId}/startChat (logic in packages/api/src/chat).
import { chatHandlers } from "@parley/api/chat/chatHandlers";

export const POST = chatHandlers.startChat;
export const OPTIONS = chatHandlers.startChat;
