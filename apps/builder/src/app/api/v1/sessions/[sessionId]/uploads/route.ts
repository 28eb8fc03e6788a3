// POST /api/v1/sessions/{sessionId}/uploads for the builder's preview chat (logic in packages/api/src/chat).
import { builderChatHandlers } from "@parley/api/chat/builderChatHandlers";

export const POST = builderChatHandlers.createUpload;
