// POST /api/v1/sessions/{sessionId}/streamMessage: the streamed answer of an AI block (logic in packages/api/src/integrations/streaming).
import { builderChatHandlers } from "@parley/api/chat/builderChatHandlers";

export const dynamic = "force-dynamic";

export const POST = builderChatHandlers.streamMessage;
export const OPTIONS = builderChatHandlers.streamMessage;
