// POST /api/v1/sessions/{sessionId}/streamMessage: the streamed answer of an AI block (logic in packages/api/src/integrations/streaming).
import { chatHandlers } from "@parley/api/chat/chatHandlers";

export const dynamic = "force-dynamic";

export const POST = chatHandlers.streamMessage;
export const OPTIONS = chatHandlers.streamMessage;
