import { getPrisma } from "@parley/db";
import { createFlow, createTestPorts, getMessageTexts, startTestChat } from "@parley/engine/testing";
import { describe, expect, it } from "vitest";
import { useAiBlockHarness } from "../testing/aiBlockHarness";
import { createWorkspaceWithCredentials } from "../testing/integrationFixtures";
import { startLocalServer } from "../testing/startLocalServer";
import { createAiPort } from "./createAiPort";

const harness = useAiBlockHarness();
const { apiKey, servers, runBlock, chatBlock, variableValue, variables } = harness;

describe.each([
  { type: "openai", credentials: "openai", server: () => servers.openai, action: "Create chat completion" },
  {
    type: "mistral",
    credentials: "mistral",
    server: () => servers.mistral,
    action: "Create chat completion",
  },
  {
    type: "anthropic",
    credentials: "anthropic",
    server: () => servers.anthropic,
    action: "Create Chat Message",
  },
  {
    type: "openai-compatible",
    credentials: "compatible",
    server: () => servers.openai,
    action: "Create chat completion",
  },
])("$type chat completion", ({ type, credentials, server, action }) => {
  it("sends the model, the messages with the dialogue, and maps content and tokens", async () => {
    const chat = await runBlock(chatBlock(type, credentials, { action }));
    expect(getMessageTexts(chat.outcome)).toEqual(["You said: What is Parley?"]);
    expect(Number(variableValue(chat, "total"))).toBeGreaterThan(4);
    const sent = server().requests.at(-1)!.json!;
    expect(sent.model).toBe("model-x");
    const dialogue = [
      { role: "user", content: "Hi" },
      { role: "assistant", content: "Hello! How can I help?" },
      { role: "user", content: "Tell me a joke" },
      { role: "user", content: "What is Parley?" },
    ];
    if (type === "anthropic") {
      expect(sent.system).toBe("You answer questions about What is Parley?");
      expect(sent.messages).toEqual(dialogue);
    } else {
      expect(sent.messages).toEqual([
        { role: "system", content: "You answer questions about What is Parley?" },
        ...dialogue,
      ]);
    }
  });

  it("reads temperature from a variable, sends max tokens and maps each token count", async () => {
    const chat = await runBlock(
      chatBlock(type, credentials, {
        action,
        temperature: "{{Temperature}}",
        maxTokens: 64,
        responseMapping: [
          { item: "Message content", variableId: "answer" },
          { item: "Prompt tokens", variableId: "prompt" },
          { item: "Completion tokens", variableId: "completion" },
          { item: "Total tokens", variableId: "total" },
        ],
      }),
    );
    const sent = server().requests.at(-1)!;
    expect(sent.json).toMatchObject({ model: "model-x", temperature: 0.3 });
    const maxTokensField = type === "openai" ? "max_completion_tokens" : "max_tokens";
    expect(sent.json?.[maxTokensField]).toBe(64);
    if (type === "anthropic") expect(sent.headers["x-api-key"]).toBe(apiKey);
    else expect(sent.headers.authorization).toBe(`Bearer ${apiKey}`);
    const [prompt, completion, total] = ["prompt", "completion", "total"].map((id) =>
      Number(variableValue(chat, id)),
    );
    expect(completion).toBe(5);
    expect(prompt).toBeGreaterThan(0);
    expect(total).toBe(prompt! + completion!);
  });

  it("returns a stream action instead when the next bubble shows the answer", async () => {
    const before = server().requests.length;
    const chat = await runBlock(chatBlock(type, credentials, { action }), { isStreamEnabled: true });
    expect(chat.outcome.response.clientSideActions).toEqual([
      { type: "stream", stream: true, expectsDedicatedReply: true },
    ]);
    expect(server().requests.length).toBe(before);
  });
});

describe("AI block failures are logs and the flow goes on", () => {
  it("another workspace's credentials id is refused without a lookup", async () => {
    const other = await createWorkspaceWithCredentials([
      { type: "openai", name: "foreign", data: { apiKey, baseUrl: `${servers.openai.origin}/v1` } },
    ]);
    const before = servers.openai.requests.length;
    const chat = await runBlock({
      ...chatBlock("openai", "openai"),
      options: { ...chatBlock("openai", "openai").options, credentialsId: other.credentialsIds.foreign },
    });
    expect(chat.outcome.response.logs).toEqual([
      expect.objectContaining({
        status: "error",
        details: `Credentials "${other.credentialsIds.foreign}" do not exist in this workspace`,
      }),
    ]);
    expect(servers.openai.requests.length).toBe(before);
    expect(chat.outcome.response.input?.id).toBe("ask");
  });

  it("a base URL on 127.0.0.1 without the allow-list is refused", async () => {
    const before = servers.openai.requests.length;
    const chat = await runBlock(chatBlock("openai", "openai"), { allowList: [] });
    expect(chat.outcome.response.logs[0]).toMatchObject({
      status: "error",
      description: "OpenAI chat completion failed",
      details: expect.stringContaining("refused by the outbound rules"),
    });
    expect(servers.openai.requests.length).toBe(before);
  });

  it("a refused base URL is reported in the turn that would stream", async () => {
    const chat = await runBlock(chatBlock("openai", "openai"), { isStreamEnabled: true, allowList: [] });
    expect(chat.outcome.response.clientSideActions).toEqual([]);
    expect(chat.outcome.response.logs[0]).toMatchObject({
      status: "error",
      details: expect.stringContaining("refused by the outbound rules"),
    });
  });

  it("an awaited completion stops before the turn's budget ends, with a log, and the flow goes on", async () => {
    const silent = await startLocalServer(() => {
      // Accepts the request and never answers, like an overloaded provider.
    });
    try {
      const slow = await createWorkspaceWithCredentials([
        { type: "openai-compatible", name: "slow", data: { baseUrl: `${silent.origin}/v1` } },
      ]);
      const ai = createAiPort({ getPrisma, allowList: ["127.0.0.1"], deadline: Date.now() + 2_500 });
      const flow = createFlow({
        workspaceId: slow.workspaceId,
        variables,
        groups: [
          {
            id: "g",
            title: "G",
            blocks: [
              {
                id: "ai",
                type: "openai-compatible",
                options: {
                  credentialsId: slow.credentialsIds.slow,
                  model: "m",
                  messages: [{ role: "user", content: "Hi" }],
                  responseMapping: [{ item: "Message content", variableId: "answer" }],
                },
              },
              { id: "ask", type: "text input", options: {} },
            ],
          },
        ],
      });
      const chat = await startTestChat(flow, { ports: createTestPorts({ ai }), isPreview: true });
      expect(chat.outcome.response.logs[0]).toMatchObject({
        status: "error",
        details: expect.stringMatching(/timed out|time/i),
      });
      expect(chat.outcome.response.input?.id).toBe("ask");
      expect(variableValue(chat, "answer")).toBeUndefined();
    } finally {
      await silent.close();
    }
  });

  it("an OpenAI-compatible block reaches its own base URL without credentials, and without a key", async () => {
    const chat = await runBlock({
      id: "ai",
      type: "openai-compatible",
      options: {
        baseUrl: `${servers.openai.origin}/v1`,
        model: "llama3",
        messages: [{ role: "user", content: "{{Question}}" }],
        responseMapping: [{ item: "Message content", variableId: "answer" }],
      },
    });
    const sent = servers.openai.requests.at(-1)!;
    expect(sent.json).toMatchObject({ model: "llama3" });
    expect(sent.headers.authorization).toBeUndefined();
    // The fake server wants a key: its refusal is the block's log, and the flow goes on.
    expect(chat.outcome.response.logs[0]?.details).toContain("The provider answered 401");
    expect(chat.outcome.response.input?.id).toBe("ask");
  });

  it("never sends a workspace's key to a base URL the block sets against its credentials", async () => {
    const before = servers.openai.requests.length;
    const chat = await runBlock(
      chatBlock("openai-compatible", "compatible", { baseUrl: "http://127.0.0.1:9/v1" }),
    );
    expect(chat.outcome.response.logs[0]?.details).toBe(
      "The block's base URL differs from its credentials' one; the key is only sent to the credentials' base URL",
    );
    expect(servers.openai.requests.length).toBe(before);
  });

  it("a provider error is logged without the key", async () => {
    const chat = await runBlock(chatBlock("openai", "openai", { model: "missing-model" }));
    expect(chat.outcome.response.logs[0]?.details).toContain("The model `missing-model` does not exist");
    expect(JSON.stringify(chat.outcome)).not.toContain(apiKey);
    expect(chat.outcome.response.input?.id).toBe("ask");
  });

  it("unsupported actions and missing credentials say so", async () => {
    const assistant = await runBlock({ id: "ai", type: "openai", options: { action: "Ask Assistant" } });
    expect(assistant.outcome.response.logs[0]?.description).toBe(
      'OpenAI action "Ask Assistant" is not supported by this server; skipped',
    );
    const noCredentials = await runBlock({
      id: "ai",
      type: "mistral",
      options: { action: "Create chat completion" },
    });
    expect(noCredentials.outcome.response.logs[0]?.details).toBe(
      "No Mistral credentials selected: choose or add them in the block settings",
    );
  });
});
