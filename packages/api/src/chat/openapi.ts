import type { ZodOpenApiPathsObject } from "zod-openapi";

/**
 * The chat endpoints (startChat, continueChat, updateBot, preview startChat)
 * in the OpenAPI document served at {base_url}/api/v1/openapi.json.
 * Owned by the chat runtime: it describes its own routes here, paths relative
 * to /api/v1, each path item with `servers: [{ url: `${chatUrl}/api/v1` }]`
 * since they are served by the viewer. The management API merges them in
 * (packages/api/src/openapi/createOpenApiDocument.ts).
 */
export function getChatOpenApiPaths(_options: { chatUrl: string }): ZodOpenApiPathsObject {
  return {};
}
