// POST /api/v1/sessions/{sessionId}/updateBot (logic in packages/api/src/chat).
import { chatHandlers } from "@parley/api/chat/chatHandlers";

export const POST = chatHandlers.updateBot;
export const OPTIONS = chatHandlers.updateBot;
