// GET /api/v1/files/{public|private}/…: uploaded files (logic in packages/api/src/chat).
import { chatHandlers } from "@parley/api/chat/chatHandlers";
import { onEveryMethod } from "@parley/api/chat/http/onEveryMethod";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = onEveryMethod(chatHandlers.getFile);
