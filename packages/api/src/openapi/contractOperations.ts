/**
 * The operations of the interface contract (api-spec.md, "Endpoints", and the Typebot-compatible management
 * endpoints it names) as `METHOD /path` relative to /api/v1: their error answers are listed code by code in
 * {base_url}'s document, exactly as the contract lists them.
 */
export const contractOperations: ReadonlySet<string> = new Set([
  "POST /bots/{publicId}/startChat",
  "POST /sessions/{sessionId}/continueChat",
  "POST /sessions/{sessionId}/updateBot",
  "POST /bots/{botId}/preview/startChat",
  "GET /folders/{folderId}",
  "PATCH /folders/{folderId}",
  "GET /workspaces",
  "POST /workspaces",
  "PATCH /workspaces/{workspaceId}",
  "GET /bots/{botId}",
  "PATCH /bots/{botId}",
  "DELETE /bots/{botId}",
  "GET /bots/{botId}/publishedBot",
  "POST /bots/{botId}/publish",
  "POST /bots/{botId}/unpublish",
  "GET /bots/{botId}/analytics/stats",
  "GET /billing/invoices",
  "GET /billing/usage",
  "POST /folders",
  "GET /folders",
  "DELETE /folders/{folderId}",
  "POST /bots",
  "GET /bots",
  "POST /bots/import",
  "GET /bots/{botId}/results",
  "GET /bots/{botId}/versions",
  "POST /bots/{botId}/versions/{version}/restore",
]);
