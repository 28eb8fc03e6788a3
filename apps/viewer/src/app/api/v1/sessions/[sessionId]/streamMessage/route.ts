// POST /api/v1/sessions/{sessionId}/streamMessage: the streamed answer of an AI block (logic in packages/api/src/integrations/streaming).
import { chatHandlers } from "@parley/api/chat/chatHandlers";
import { onEveryMethod } from "@parley/api/chat/http/onEveryMethod";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = onEveryMethod(chatHandlers.streamMessage);
export const OPTIONS = chatHandlers.streamMessage;
