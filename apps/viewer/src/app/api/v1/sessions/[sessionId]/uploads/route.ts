// POST /api/v1/sessions/{sessionId}/uploads (logic in packages/api/src/chat).
import { chatHandlers } from "@parley/api/chat/chatHandlers";
import { onEveryMethod } from "@parley/api/chat/http/onEveryMethod";

export const { GET, POST, PUT, PATCH, DELETE } = onEveryMethod(chatHandlers.createUpload);
export const OPTIONS = chatHandlers.createUpload;
