import { getPrisma } from "@parley/db";
import type { FlowBlock } from "@parley/engine";
import {
  createFlow,
  createTestPorts,
  getMessageTexts,
  startTestChat,
  textBlock,
} from "@parley/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalServer } from "../../testing/startLocalServer";
import { startFakeAnthropicServer } from "../testing/anthropicProtocolServer";
import type { FakeProviderServer } from "../testing/fakeProviderServer";
import { createTestApiKey, createWorkspaceWithCredentials } from "../testing/integrationFixtures";
import { startFakeMistralServer, startFakeOpenAiServer } from "../testing/openAiProtocolServer";
import { startFileServer } from "../testing/startFileServer";
import { createAiPort } from "./createAiPort";

const apiKey = createTestApiKey();
let openai: FakeProviderServer;
let mistral: FakeProviderServer;
let anthropic: FakeProviderServer;
let workspace: Awaited<ReturnType<typeof createWorkspaceWithCredentials>>;
const savedFiles: { fileName: string; bytes: Buffer }[] = [];

beforeAll(async () => {
  openai = await startFakeOpenAiServer(apiKey);
  mistral = await startFakeMistralServer(apiKey);
  anthropic = await startFakeAnthropicServer(apiKey);
  workspace = await createWorkspaceWithCredentials([
    { type: "openai", name: "openai", data: { apiKey, baseUrl: `${openai.origin}/v1` } },
    { type: "mistral", name: "mistral", data: { apiKey, baseUrl: `${mistral.origin}/v1` } },
    { type: "anthropic", name: "anthropic", data: { apiKey, baseUrl: anthropic.origin } },
    { type: "openai-compatible", name: "compatible", data: { apiKey, baseUrl: `${openai.origin}/v1` } },
  ]);
});
afterAll(() => Promise.all([openai, mistral, anthropic].map((server) => server.close())));

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

const runBlock = async (
  block: FlowBlock,
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

const chatBlock = (
  type: string,
  credentialsName: string,
  extra: Record<string, unknown> = {},
): FlowBlock => ({
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
});

const variableValue = (chat: Awaited<ReturnType<typeof runBlock>>, id: string) =>
  chat.outcome.result.variables.find((variable) => variable.id === id)?.value;

describe.each([
  { type: "openai", credentials: "openai", server: () => openai, action: "Create chat completion" },
  { type: "mistral", credentials: "mistral", server: () => mistral, action: "Create chat completion" },
  { type: "anthropic", credentials: "anthropic", server: () => anthropic, action: "Create Chat Message" },
  {
    type: "openai-compatible",
    credentials: "compatible",
    server: () => openai,
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
      { type: "openai", name: "foreign", data: { apiKey, baseUrl: `${openai.origin}/v1` } },
    ]);
    const before = openai.requests.length;
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
    expect(openai.requests.length).toBe(before);
    expect(chat.outcome.response.input?.id).toBe("ask");
  });

  it("a base URL on 127.0.0.1 without the allow-list is refused", async () => {
    const before = openai.requests.length;
    const chat = await runBlock(chatBlock("openai", "openai"), { allowList: [] });
    expect(chat.outcome.response.logs[0]).toMatchObject({
      status: "error",
      description: "OpenAI chat completion failed",
      details: expect.stringContaining("refused by the outbound rules"),
    });
    expect(openai.requests.length).toBe(before);
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
        baseUrl: `${openai.origin}/v1`,
        model: "llama3",
        messages: [{ role: "user", content: "{{Question}}" }],
        responseMapping: [{ item: "Message content", variableId: "answer" }],
      },
    });
    const sent = openai.requests.at(-1)!;
    expect(sent.json).toMatchObject({ model: "llama3" });
    expect(sent.headers.authorization).toBeUndefined();
    // The fake server wants a key: its refusal is the block's log, and the flow goes on.
    expect(chat.outcome.response.logs[0]?.details).toContain("The provider answered 401");
    expect(chat.outcome.response.input?.id).toBe("ask");
  });

  it("never sends a workspace's key to a base URL the block sets against its credentials", async () => {
    const before = openai.requests.length;
    const chat = await runBlock(
      chatBlock("openai-compatible", "compatible", { baseUrl: "http://127.0.0.1:9/v1" }),
    );
    expect(chat.outcome.response.logs[0]?.details).toBe(
      "The block's base URL differs from its credentials' one; the key is only sent to the credentials' base URL",
    );
    expect(openai.requests.length).toBe(before);
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

describe("Generate variables", () => {
  it.each([
    ["openai", "openai", () => openai],
    ["mistral", "mistral", () => mistral],
    ["anthropic", "anthropic", () => anthropic],
    ["openai-compatible", "compatible", () => openai],
  ])("%s fills the variables from a tool call", async (type, credentials, server) => {
    const chat = await runBlock({
      id: "ai",
      type,
      options: {
        action: "Generate variables",
        credentialsId: workspace.credentialsIds[credentials],
        model: "model-x",
        prompt: "I live in Lyon and I am {{Question}}",
        variablesToExtract: [
          { variableId: "city", type: "string", description: "Where the user lives", isRequired: true },
          { variableId: "age", type: "number" },
        ],
      },
    });
    const sent = server().requests.at(-1)!.json!;
    expect(JSON.stringify(sent)).toContain("I live in Lyon and I am What is Parley?");
    expect(variableValue(chat, "city")).toMatch(/City/);
    expect(variableValue(chat, "age")).toMatch(/^\d+$/);
    expect(chat.outcome.response.logs).toEqual([]);
  });
});

describe("OpenAI speech", () => {
  it("stores the audio and saves its URL", async () => {
    const chat = await runBlock({
      id: "ai",
      type: "openai",
      options: {
        action: "Create speech",
        credentialsId: workspace.credentialsIds.openai,
        input: "Say {{Question}}",
        voice: "nova",
        saveUrlInVariableId: "speech",
      },
    });
    expect(variableValue(chat, "speech")).toBe("https://files.test/speech-ai.mp3");
    expect(openai.requests.at(-1)?.json).toMatchObject({
      input: "Say What is Parley?",
      voice: "nova",
      model: "tts-1",
    });
    expect(savedFiles.at(-1)?.bytes.byteLength).toBeGreaterThan(0);
  });
});

describe("OpenAI transcription", () => {
  it("downloads the recording of a variable, sends it and saves the text", async () => {
    const recording = Buffer.from("a short voice message");
    const fileServer = await startFileServer(recording, "audio/webm");
    try {
      const url = `${fileServer.origin}/uploads/voice.webm`;
      const block: FlowBlock = {
        id: "ai",
        type: "openai",
        options: {
          action: "Create transcription",
          credentialsId: workspace.credentialsIds.openai,
          url: "{{Recording}}",
          transcriptionVariableId: "transcript",
        },
      };
      const flow = createFlow({
        workspaceId: workspace.workspaceId,
        variables: variables.map((variable) =>
          variable.id === "recording" ? { ...variable, value: url } : variable,
        ),
        groups: [{ id: "g", title: "G", blocks: [block, { id: "ask", type: "text input", options: {} }] }],
      });
      const chat = await startTestChat(flow, {
        ports: createTestPorts({ ai: createAiPort({ getPrisma, allowList: ["127.0.0.1"] }) }),
      });
      const sent = openai.requests.at(-1)!;
      expect(sent.path).toBe("/v1/audio/transcriptions");
      expect(sent.headers.authorization).toBe(`Bearer ${apiKey}`);
      expect(sent.raw.toString("latin1")).toContain('name="model"\r\n\r\nwhisper-1');
      expect(sent.raw.includes(recording)).toBe(true);
      expect(variableValue(chat, "transcript")).toBe(`Transcribed ${sent.raw.byteLength} bytes`);
      expect(chat.outcome.logsToPersist).toEqual([]);
    } finally {
      await fileServer.close();
    }
  });
});
