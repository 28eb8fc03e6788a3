/** The contract's chat endpoints (api-spec.md 1-3 and the preview), listed by both documents. */
export const contractChatOperations = [
  "POST /bots/{publicId}/startChat",
  "POST /sessions/{sessionId}/continueChat",
  "POST /sessions/{sessionId}/updateBot",
  "POST /bots/{botId}/preview/startChat",
];

/** Endpoints 4-17 of api-spec.md and the extra endpoints of decisions.md, served by {base_url}. */
export const contractManagementOperations = [
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
];

/**
 * The operations of the interface contract as `METHOD /path` relative to /api/v1: their error answers are listed
 * code by code in {base_url}'s document, exactly as the contract lists them.
 */
export const contractOperations: ReadonlySet<string> = new Set([
  ...contractChatOperations,
  ...contractManagementOperations,
]);
