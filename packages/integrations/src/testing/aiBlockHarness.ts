import { getPrisma } from "@parley/db";
import type { DraftBlock } from "@parley/engine/testing";
import { createFlow, createTestPorts, startTestChat, textBlock } from "@parley/engine/testing";
import { afterAll, beforeAll } from "vitest";
import { createAiPort } from "../ai/createAiPort";
import { startFakeAnthropicServer } from "./anthropicProtocolServer";
import type { FakeProviderServer } from "./fakeProviderServer";
import { createTestApiKey, createWorkspaceWithCredentials } from "./integrationFixtures";
import { startFakeMistralServer, startFakeOpenAiServer } from "./openAiProtocolServer";

const variables = [
  { id: "question", name: "Question", value: "What is Parley?" },
  { id: "history", name: "History", value: ["Hi", "Hello! How can I help?", "Tell me a joke"] },
  { id: "answer", name: "Answer" },
  { id: "total", name: "Total tokens" },
  { id: "city", name: "City" },
  { id: "age", name: "Age" },
  { id: "speech", name: "Speech URL" },
  { id: "temperature", name: "Temperature", value: "0.3" },
  { id: "prompt", name: "Prompt tokens" },
  { id: "completion", name: "Completion tokens" },
  { id: "recording", name: "Recording" },
  { id: "transcript", name: "Transcript" },
];

/**
 * AI block tests' setting: local OpenAI, Mistral and Anthropic servers, a workspace with credentials
 * for each (and an OpenAI-compatible one), and a one-block preview chat runner. Registers its hooks.
 */
export function useAiBlockHarness() {
  const apiKey = createTestApiKey();
  const savedFiles: { fileName: string; bytes: Buffer }[] = [];
  const servers = {} as Record<"openai" | "mistral" | "anthropic", FakeProviderServer>;
  let workspace: Awaited<ReturnType<typeof createWorkspaceWithCredentials>>;

  beforeAll(async () => {
    servers.openai = await startFakeOpenAiServer(apiKey);
    servers.mistral = await startFakeMistralServer(apiKey);
    servers.anthropic = await startFakeAnthropicServer(apiKey);
    workspace = await createWorkspaceWithCredentials([
      { type: "openai", name: "openai", data: { apiKey, baseUrl: `${servers.openai.origin}/v1` } },
      { type: "mistral", name: "mistral", data: { apiKey, baseUrl: `${servers.mistral.origin}/v1` } },
      { type: "anthropic", name: "anthropic", data: { apiKey, baseUrl: servers.anthropic.origin } },
      {
        type: "openai-compatible",
        name: "compatible",
        data: { apiKey, baseUrl: `${servers.openai.origin}/v1` },
      },
    ]);
  });
  afterAll(() => Promise.all(Object.values(servers).map((server) => server.close())));

  const runBlock = async (
    block: DraftBlock,
    options: { isStreamEnabled?: boolean; allowList?: string[] } = {},
  ) => {
    const ai = createAiPort({
      getPrisma,
      allowList: options.allowList ?? ["127.0.0.1"],
      saveGeneratedFile: async (file) => {
        savedFiles.push(file);
        return `https://files.test/${file.fileName}`;
      },
    });
    const flow = createFlow({
      workspaceId: workspace.workspaceId,
      variables,
      groups: [
        {
          id: "g",
          title: "G",
          blocks: [block, textBlock("show", "{{Answer}}"), { id: "ask", type: "text input", options: {} }],
        },
      ],
    });
    return startTestChat(flow, {
      ports: createTestPorts({ ai }),
      isPreview: true,
      isStreamEnabled: options.isStreamEnabled ?? false,
    });
  };

  return {
    apiKey,
    savedFiles,
    variables,
    servers,
    /** The workspace (available once the hooks ran). */
    workspace: () => workspace,
    runBlock,
    /** A chat completion block on the named credentials: system prompt, dialogue, question. */
    chatBlock: (
      type: string,
      credentialsName: string,
      extra: Record<string, unknown> = {},
    ): DraftBlock & { options: Record<string, unknown> } => ({
      id: "ai",
      type,
      options: {
        credentialsId: workspace.credentialsIds[credentialsName],
        model: "model-x",
        messages: [
          { role: "system", content: "You answer questions about {{Question}}" },
          { role: "Dialogue", dialogueVariableId: "history" },
          { role: "user", content: "{{Question}}" },
        ],
        responseMapping: [
          { item: "Message content", variableId: "answer" },
          { item: "Total tokens", variableId: "total" },
        ],
        ...extra,
      },
    }),
    variableValue: (chat: Awaited<ReturnType<typeof runBlock>>, id: string) =>
      chat.outcome.result.variables.find((variable) => variable.id === id)?.value,
  };
}
