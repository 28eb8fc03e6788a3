// POST /api/v1/sessions/{sessionId}/uploads (logic in packages/api/src/chat).
import { chatHandlers } from "@parley/api/chat/chatHandlers";

export const POST = chatHandlers.createUpload;
export const OPTIONS = chatHandlers.createUpload;
