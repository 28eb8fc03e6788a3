import { z } from "zod";

/**
 * What an API token may be limited to (`scopes` at its creation). A token without scopes (every token made
 * before scopes existed, and one created without them) keeps full access.
 */
export const apiTokenScopes = [
  "bots:read",
  "bots:write",
  "results:read",
  "results:write",
  "inbox:read",
  "inbox:write",
  "chat",
  "workspaces:read",
  "workspaces:admin",
  "account",
  "instance:admin",
] as const;

export type ApiTokenScope = (typeof apiTokenScopes)[number];

export const apiTokenScopeSchema = z.enum(apiTokenScopes).meta({ id: "ApiTokenScope" });

/**
 * The scope each REST operation needs, keyed `METHOD /path` as the OpenAPI document spells it: the one table
 * of them. An operation missing here refuses every scoped token, and a test over the document fails. `none`:
 * the operation is called by an outside service (a messaging platform, a payment page, a webhook sender) and
 * takes no API token.
 */
export const operationScopes: Record<string, ApiTokenScope | "none"> = {
  "GET /users/me/api-tokens": "account",
  "GET /users/me/shared-bots": "bots:read",
  "GET /bots/{botId}/collaborators": "bots:read",
  "POST /bots/{botId}/collaborators": "bots:write",
  "PATCH /bots/{botId}/collaborators/{userId}": "bots:write",
  "DELETE /bots/{botId}/collaborators/{userId}": "bots:write",
  "DELETE /bots/{botId}/invitations/{invitationId}": "bots:write",
  "POST /users/me/api-tokens": "account",
  "DELETE /users/me/api-tokens/{tokenId}": "account",

  "GET /workspaces": "workspaces:read",
  "POST /workspaces": "workspaces:admin",
  "GET /workspaces/{workspaceId}": "workspaces:read",
  "PATCH /workspaces/{workspaceId}": "workspaces:admin",
  "DELETE /workspaces/{workspaceId}": "workspaces:admin",
  "GET /workspaces/{workspaceId}/members": "workspaces:read",
  "POST /workspaces/{workspaceId}/members": "workspaces:admin",
  "PATCH /workspaces/{workspaceId}/members/{userId}": "workspaces:admin",
  "DELETE /workspaces/{workspaceId}/members/{userId}": "workspaces:admin",
  "POST /workspaces/{workspaceId}/invitations": "workspaces:admin",
  "GET /workspaces/{workspaceId}/invitations": "workspaces:admin",
  "POST /workspaces/{workspaceId}/invitations/{invitationId}/resend": "workspaces:admin",
  "DELETE /workspaces/{workspaceId}/invitations/{invitationId}": "workspaces:admin",
  "POST /workspaces/{workspaceId}/inviteLinks": "workspaces:admin",
  "GET /workspaces/{workspaceId}/inviteLinks": "workspaces:admin",
  "DELETE /workspaces/{workspaceId}/inviteLinks/{inviteLinkId}": "workspaces:admin",
  "GET /workspaces/{workspaceId}/auditLog": "workspaces:admin",
  "GET /billing/usage": "workspaces:read",
  "GET /billing/invoices": "workspaces:read",
  "GET /billing/plan": "workspaces:read",
  "PATCH /billing/plan": "workspaces:admin",
  "GET /credentials": "workspaces:read",
  "POST /credentials": "workspaces:admin",
  "PATCH /credentials/{credentialsId}": "workspaces:admin",
  "DELETE /credentials/{credentialsId}": "workspaces:admin",

  "GET /folders": "bots:read",
  "POST /folders": "bots:write",
  "GET /folders/{folderId}": "bots:read",
  "PATCH /folders/{folderId}": "bots:write",
  "DELETE /folders/{folderId}": "bots:write",
  "GET /bots": "bots:read",
  "POST /bots": "bots:write",
  "POST /bots/import": "bots:write",
  "POST /bots/importMany": "bots:write",
  "GET /bots/{botId}": "bots:read",
  "PATCH /bots/{botId}": "bots:write",
  "DELETE /bots/{botId}": "bots:write",
  "POST /bots/{botId}/duplicate": "bots:write",
  "POST /bots/{botId}/tests/run": "bots:read",
  "POST /bots/{botId}/replays": "bots:write",
  "GET /bots/{botId}/replays/{replayId}": "results:read",
  "GET /bots/{botId}/customDomain": "bots:read",
  "GET /bots/{botId}/retention": "bots:read",
  "POST /bots/{botId}/customDomain/verify": "bots:write",
  "POST /bots/{botId}/publish": "bots:write",
  "POST /bots/{botId}/unpublish": "bots:write",
  "GET /bots/{botId}/publishedBot": "bots:read",
  "GET /bots/{botId}/versions": "bots:read",
  "GET /bots/{botId}/versions/diff": "bots:read",
  "GET /bots/{botId}/versions/{version}": "bots:read",
  "POST /bots/{botId}/versions/{version}/restore": "bots:write",
  "GET /bots/{botId}/chatKey": "bots:read",
  "GET /bots/{botId}/translations/{language}": "bots:read",
  "PUT /bots/{botId}/translations/{language}": "bots:write",
  "POST /bots/{botId}/translations/{language}/machineDrafts": "bots:write",
  "POST /bots/{botId}/chatKey/rotate": "bots:write",
  "GET /bots/{botId}/webhooks": "bots:read",
  "POST /bots/{botId}/webhooks": "bots:write",
  "PATCH /bots/{botId}/webhooks/{webhookId}": "bots:write",
  "DELETE /bots/{botId}/webhooks/{webhookId}": "bots:write",
  "POST /bots/{botId}/webhooks/{webhookId}/rotateSecret": "bots:write",
  "GET /bots/{botId}/webhooks/{webhookId}/deliveries": "results:read",
  "POST /bots/{botId}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver": "results:write",
  "POST /bots/{botId}/webhooks/{webhookId}/ping": "bots:write",
  "GET /themeTemplates": "bots:read",
  "PUT /themeTemplates/{themeTemplateId}": "bots:write",
  "DELETE /themeTemplates/{themeTemplateId}": "bots:write",
  "GET /knowledgeBases": "bots:read",
  "POST /knowledgeBases": "bots:write",
  "GET /knowledgeBases/{knowledgeBaseId}": "bots:read",
  "PATCH /knowledgeBases/{knowledgeBaseId}": "bots:write",
  "DELETE /knowledgeBases/{knowledgeBaseId}": "bots:write",
  "GET /knowledgeBases/{knowledgeBaseId}/sources": "bots:read",
  "POST /knowledgeBases/{knowledgeBaseId}/sources": "bots:write",
  "PATCH /knowledgeBases/{knowledgeBaseId}/sources/{sourceId}": "bots:write",
  "DELETE /knowledgeBases/{knowledgeBaseId}/sources/{sourceId}": "bots:write",
  "POST /knowledgeBases/{knowledgeBaseId}/sources/{sourceId}/refresh": "bots:write",
  "GET /knowledgeBases/{knowledgeBaseId}/sources/{sourceId}/pages": "bots:read",
  "POST /knowledgeBases/{knowledgeBaseId}/query": "bots:read",
  "POST /knowledgeBases/{knowledgeBaseId}/files": "bots:write",

  "GET /workspaces/{workspaceId}/conversations": "inbox:read",
  "GET /conversations/{conversationId}": "inbox:read",
  "POST /conversations/{conversationId}/messages": "inbox:write",
  "POST /conversations/{conversationId}/assign": "inbox:write",
  "POST /conversations/{conversationId}/close": "inbox:write",
  "GET /workspaces/{workspaceId}/presence": "inbox:read",
  "PUT /workspaces/{workspaceId}/presence": "inbox:write",

  "GET /bots/{botId}/results": "results:read",
  "DELETE /bots/{botId}/results": "results:write",
  "GET /bots/{botId}/results/{resultId}": "results:read",
  "GET /bots/{botId}/results/{resultId}/logs": "results:read",
  "GET /bots/{botId}/results-csv": "results:read",
  "GET /bots/{botId}/analytics/stats": "results:read",
  "GET /bots/{botId}/analytics/series": "results:read",
  "GET /bots/{botId}/analytics/flow": "results:read",
  "GET /bots/{botId}/analytics/languages": "results:read",

  "GET /admin/workspaces": "instance:admin",
  "PATCH /admin/workspaces/{workspaceId}": "instance:admin",
  "GET /admin/heldBots": "instance:admin",
  "POST /admin/heldBots/{botId}/clear": "instance:admin",

  // The chat endpoints (on the viewer): a token acting on them needs `chat`.
  "POST /bots/{publicId}/startChat": "chat",
  "POST /sessions/{sessionId}/continueChat": "chat",
  "POST /sessions/{sessionId}/updateBot": "chat",
  "POST /bots/{botId}/preview/startChat": "chat",
  "POST /sessions/{sessionId}/uploads": "chat",
  "POST /sessions/{sessionId}/streamMessage": "chat",
  "POST /bots/{publicId}/blocks/{blockId}/results/{resultId}/executeWebhook": "none",
  "POST /bots/{botId}/blocks/{blockId}/executeTestWebhook": "chat",
  "GET /sessions/{sessionId}/listenForWebhook/{listenId}": "chat",
  "GET /sessions/{sessionId}/events": "chat",
  // Typebot's chat API beside ours (docs/typebot-compat.md); its /api/v2 and /api/v3 paths are named from the root.
  "POST /typebots/{publicId}/startChat": "chat",
  "POST /typebots/{botId}/preview/startChat": "chat",
  "POST /api/v2/sessions/{sessionId}/clientLogs": "chat",
  "POST /api/v2/sessions/{sessionId}/streamMessage": "chat",
  "POST /api/v3/generate-upload-url": "chat",
  "GET /workspaces/{workspaceId}/whatsapp/{credentialsId}/webhook": "none",
  "POST /workspaces/{workspaceId}/whatsapp/{credentialsId}/webhook": "none",
  "POST /workspaces/{workspaceId}/telegram/{credentialsId}/webhook": "none",
  "POST /payment-links/{token}/confirm": "none",
};

/** The scope an operation needs (undefined: not in the table, which refuses every scoped token). */
export function operationScope(method: string, path: string): ApiTokenScope | "none" | undefined {
  return operationScopes[`${method.toUpperCase()} ${path}`];
}
