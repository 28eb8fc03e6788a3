import type { APIRequestContext } from "@playwright/test";
import { callMutation, staleConnectionRetries } from "./fixtures";

/** The viewer of the running test install (share pages, chat API, /embed.js). */
export const viewerUrl = `http://localhost:${process.env.E2E_VIEWER_PORT}`;

/** A new API token (`bt_…`) of the signed-in user of this request context. */
export async function createApiToken(request: APIRequestContext): Promise<string> {
  const { apiToken } = await callMutation<{ apiToken: { token: string } }>(
    request,
    "apiTokens.createApiToken",
    {
      name: "e2e",
    },
  );
  return apiToken.token;
}

/** Creates a bot from a flow fixture through the REST API and publishes it; returns its ids. */
export async function createPublishedBot(
  request: APIRequestContext,
  workspaceId: string,
  bot: Record<string, unknown>,
): Promise<{ botId: string; publicId: string; token: string }> {
  const token = await createApiToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post("/api/v1/bots", { headers, data: { workspaceId, bot } });
  if (!created.ok()) throw new Error(`create bot: ${created.status()} ${await created.text()}`);
  const { bot: stored } = (await created.json()) as { bot: { id: string; publicId: string } };
  const published = await request.post(`/api/v1/bots/${stored.id}/publish`, { headers });
  if (!published.ok()) throw new Error(`publish: ${published.status()} ${await published.text()}`);
  return { botId: stored.id, publicId: stored.publicId, token };
}

/** The bot's public chat key (`GET /api/v1/bots/{botId}/chatKey`), as the builder's embed code prints it. */
export async function readChatKey(request: APIRequestContext, botId: string, token: string): Promise<string> {
  const response = await request.get(`/api/v1/bots/${botId}/chatKey`, {
    headers: { Authorization: `Bearer ${token}` },
    maxRetries: staleConnectionRetries,
  });
  const { chatKey } = (await response.json()) as { chatKey: { key: string } | null };
  if (!chatKey) throw new Error(`bot ${botId} has no chat key`);
  return chatKey.key;
}

/**
 * Saves a messaging account (WhatsApp or Telegram credentials) in the workspace and connects it to the bot
 * (`PATCH /bots/{botId}` `messagingCredentialsId`); returns the credentials' id.
 */
export async function connectMessagingAccount(
  request: APIRequestContext,
  options: {
    workspaceId: string;
    botId: string;
    token: string;
    credentials: { type: "whatsApp" | "telegram"; name: string; data: Record<string, unknown> };
  },
): Promise<string> {
  const headers = { Authorization: `Bearer ${options.token}` };
  const created = await request.post("/api/v1/credentials", {
    headers,
    data: { workspaceId: options.workspaceId, credentials: options.credentials },
  });
  if (!created.ok()) throw new Error(`create credentials: ${created.status()} ${await created.text()}`);
  const credentialsId = ((await created.json()) as { credentials: { id: string } }).credentials.id;
  const patched = await request.patch(`/api/v1/bots/${options.botId}`, {
    headers,
    data: { bot: { messagingCredentialsId: credentialsId } },
    maxRetries: staleConnectionRetries,
  });
  if (!patched.ok()) throw new Error(`connect credentials: ${patched.status()} ${await patched.text()}`);
  return credentialsId;
}
