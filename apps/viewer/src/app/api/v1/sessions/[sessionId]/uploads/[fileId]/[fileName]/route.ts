// PUT /api/v1/sessions/{sessionId}/uploads/{fileId}/{fileName}: local file storage (logic in packages/api/src/chat).
import { chatHandlers } from "@parley/api/chat/chatHandlers";
import { onEveryMethod } from "@parley/api/chat/http/onEveryMethod";

export const { GET, POST, PUT, PATCH, DELETE } = onEveryMethod(chatHandlers.putUpload);
export const OPTIONS = chatHandlers.putUpload;
