// PUT /api/v1/sessions/{sessionId}/uploads/{fileId}/{fileName}: local file storage (logic in packages/api/src/chat).
import { chatHandlers } from "@parley/api/chat/chatHandlers";

export const PUT = chatHandlers.putUpload;
export const OPTIONS = chatHandlers.putUpload;
