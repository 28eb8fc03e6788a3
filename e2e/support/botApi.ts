import type { APIRequestContext } from "@playwright/test";
import { callMutation, staleConnectionRetries } from "./fixtures";

export interface FlowSnapshot {
  groups: unknown[];
  edges: unknown[];
  events: unknown[];
  variables: unknown[];
}

/** The REST API as an API consumer uses it (Bearer token of the signed-in user). */
export async function createBotApi(request: APIRequestContext) {
  const { apiToken } = await callMutation<{ apiToken: { token: string } }>(
    request,
    "apiTokens.createApiToken",
    {
      name: "e2e",
    },
  );
  const headers = { Authorization: `Bearer ${apiToken.token}` };
  return {
    async createBot(
      workspaceId: string,
      bot: Record<string, unknown>,
    ): Promise<{ id: string; events: { id: string }[] }> {
      const response = await request.post("/api/v1/bots", {
        headers,
        data: { workspaceId, bot },
        maxRetries: staleConnectionRetries,
      });
      if (!response.ok()) throw new Error(`POST /bots: ${response.status()} ${await response.text()}`);
      return (await response.json()).bot;
    },
    /** The flow as stored (what the editor saved). */
    async getFlow(botId: string): Promise<FlowSnapshot> {
      const response = await request.get(`/api/v1/bots/${botId}`, {
        headers,
        maxRetries: staleConnectionRetries,
      });
      if (!response.ok()) throw new Error(`GET /bots/${botId}: ${response.status()}`);
      const { bot } = await response.json();
      return { groups: bot.groups, edges: bot.edges, events: bot.events, variables: bot.variables };
    },
  };
}
