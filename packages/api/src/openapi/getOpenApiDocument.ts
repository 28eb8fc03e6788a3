import { apiEnv } from "../env";
import { createOpenApiDocument } from "./createOpenApiDocument";

let cached: ReturnType<typeof createOpenApiDocument> | undefined;

/** The document for this install's URLs (GET {base_url}/api/v1/openapi.json). */
export function getOpenApiDocument() {
  cached ??= createOpenApiDocument({ builderUrl: apiEnv.BUILDER_URL, viewerUrl: apiEnv.VIEWER_URL });
  return cached;
}
