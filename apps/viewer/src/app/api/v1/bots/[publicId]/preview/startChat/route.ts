// POST /api/v1/bots/{botId}/preview/startChat (logic in packages/api/src/chat).
import { chatHandlers } from "@parley/api/chat/chatHandlers";

export const POST = chatHandlers.startPreviewChat;
export const OPTIONS = chatHandlers.startPreviewChat;
