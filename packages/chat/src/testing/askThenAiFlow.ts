import { getPrisma } from "@parley/db";
import { createWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import type { FakeProviderServer } from "@parley/integrations/testing/fakeProviderServer";
import { createPublishedTestBot, publishTestBotVersion } from "./chatFixtures";
import type { TestFlow } from "./testFlow";
import { createAskThenFlow, group } from "./testFlows";

/** A text bubble of one paragraph. */
export const textBubble = (id: string, value: string) => ({
  id,
  type: "text",
  content: { richText: [{ type: "p", children: [{ text: value }] }] },
});

/** A chat completion block of any provider type: `{{Question}}` as the user message (unless `options` say otherwise), its answer mapped. */
export const completionBlock = (
  id: string,
  type: string,
  credentialsId: string,
  responseMapping: { item: string; variableId: string }[],
  options: Record<string, unknown> = {},
) => ({
  id,
  type,
  options: {
    credentialsId,
    action: type === "anthropic" ? "Create Chat Message" : "Create chat completion",
    model: "model-s",
    messages: [{ role: "user", content: "{{Question}}" }],
    responseMapping,
    ...options,
  },
});

/**
 * Ask a question (into {{Question}}, variable `v-question`), then the group `g-ai` of `blocks`: the
 * flow of the streaming and security tests. `variables` come after Question.
 */
export function createAskThenAiFlow(blocks: unknown[], variables: { id: string; name: string }[]): TestFlow {
  return createAskThenFlow({
    ask: { type: "text input", options: { variableId: "v-question" } },
    edgeId: "e-ai",
    next: group("g-ai", blocks, { title: "AI", x: 300 }),
    variables: [{ id: "v-question", name: "Question" }, ...variables],
  });
}

/**
 * A published bot whose flow uses credentials of `type` pointing at `server` (a local provider
 * server); returns the bot (publicId, chatKey, …).
 */
export async function publishAiTestBot(
  type: "openai" | "anthropic" | "mistral" | "openai-compatible",
  server: FakeProviderServer,
  apiKey: string,
  createFlow: (credentialsId: string) => TestFlow,
) {
  const bot = await createPublishedTestBot({ events: [], groups: [], edges: [], variables: [] });
  const credentials = await createWorkspaceCredentials(getPrisma(), bot.workspaceId, {
    type,
    name: type,
    data: { apiKey, baseUrl: type === "anthropic" ? server.origin : `${server.origin}/v1` },
  });
  await publishTestBotVersion(bot.botId, createFlow(credentials.id));
  return bot;
}
