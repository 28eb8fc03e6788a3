import { platformEnv } from "@parley/platform/env";
import { apiEnv } from "../env";
import { createOpenApiDocument } from "./createOpenApiDocument";
import { handleDocumentRequest } from "./handleDocumentRequest";

let cached: ReturnType<typeof createOpenApiDocument> | undefined;

/** The document for this install's URLs (GET {base_url}/api/v1/openapi.json). */
export function getOpenApiDocument() {
  cached ??= createOpenApiDocument({ builderUrl: platformEnv.BUILDER_URL, viewerUrl: apiEnv.VIEWER_URL });
  return cached;
}

/** GET {base_url}/api/v1/openapi.json. */
export function handleOpenApiRequest(request: Request): Promise<Response> {
  return handleDocumentRequest(request, getOpenApiDocument());
}
