// POST /api/v1/sessions/{sessionId}/continueChat (logic in packages/api/src/chat).
import { chatHandlers } from "@parley/api/chat/chatHandlers";

export const POST = chatHandlers.continueChat;
export const OPTIONS = chatHandlers.continueChat;
