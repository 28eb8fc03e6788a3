import { platformEnv } from "@parley/platform/env";
import { handleWebRequest, jsonResponse } from "@parley/platform/http/handleWebRequest";
import { apiEnv } from "../env";
import { createOpenApiDocument } from "./createOpenApiDocument";

let cached: ReturnType<typeof createOpenApiDocument> | undefined;

/** The document for this install's URLs (GET {base_url}/api/v1/openapi.json). */
export function getOpenApiDocument() {
  cached ??= createOpenApiDocument({ builderUrl: platformEnv.BUILDER_URL, viewerUrl: apiEnv.VIEWER_URL });
  return cached;
}

/** GET {base_url}/api/v1/openapi.json: public, with an `x-request-id` like every answer of the API. */
export function handleOpenApiRequest(request: Request): Promise<Response> {
  return handleWebRequest(request, async () =>
    jsonResponse(getOpenApiDocument(), 200, { "access-control-allow-origin": "*" }),
  );
}
