// POST /api/v1/sessions/{sessionId}/streamMessage: the streamed answer of an AI block (logic in packages/api/src/integrations/streaming).
import { builderChatHandlers } from "@parley/api/chat/builderChatHandlers";
import { onEveryMethod } from "@parley/api/chat/http/onEveryMethod";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = onEveryMethod(builderChatHandlers.streamMessage);
export const OPTIONS = builderChatHandlers.streamMessage;
