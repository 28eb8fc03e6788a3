// Loaded by the viewer: it does not load the management routers (createOpenApiDocument.ts does).
import { chatEnv } from "@parley/chat/core/env";
import { createChatOpenApiDocument } from "./createChatOpenApiDocument";
import { handleDocumentRequest } from "./handleDocumentRequest";

let cached: ReturnType<typeof createChatOpenApiDocument> | undefined;

/** The chat runtime's document for this install's URL (GET {chat_url}/api/v1/openapi.json). */
export function getChatOpenApiDocument() {
  cached ??= createChatOpenApiDocument({ viewerUrl: chatEnv.VIEWER_URL });
  return cached;
}

/** GET {chat_url}/api/v1/openapi.json: mounted by the viewer. */
export function handleChatOpenApiRequest(request: Request): Promise<Response> {
  return handleDocumentRequest(request, getChatOpenApiDocument());
}
