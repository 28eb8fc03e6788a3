// POST /api/v1/sessions/{sessionId}/continueChat for the builder's preview chat: the sign-in cookie authenticates here (logic in packages/api/src/chat).
import { builderChatHandlers } from "@parley/api/chat/builderChatHandlers";

export const POST = builderChatHandlers.continueChat;
