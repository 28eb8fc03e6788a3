// POST /api/v1/sessions/{sessionId}/uploads for the builder's preview chat (logic in packages/api/src/chat).
import { builderChatHandlers } from "@parley/api/chat/builderChatHandlers";
import { onEveryMethod } from "@parley/api/chat/http/onEveryMethod";

export const { GET, POST, PUT, PATCH, DELETE } = onEveryMethod(builderChatHandlers.createUpload);
