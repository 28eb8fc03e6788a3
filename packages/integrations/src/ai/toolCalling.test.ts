import { getAiBlockDefinition } from "@parley/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeAnthropicServer } from "../testing/anthropicProtocolServer";
import type { FakeProviderServer } from "../testing/fakeProviderServer";
import { startFakeMistralServer, startFakeOpenAiServer } from "../testing/openAiProtocolServer";
import {
  AiProviderError,
  type ProviderKind,
  type ToolConversationMessage,
  type ToolDefinition,
  type ToolStepStream,
} from "./aiTypes";
import { createAiProvider } from "./createAiProvider";

const apiKey = "sk-tools-test-0123456789abcdef";
const call = { timeoutMs: 5_000, allowList: ["127.0.0.1"] };
const servers: Record<string, FakeProviderServer> = {};

beforeAll(async () => {
  servers.openai = await startFakeOpenAiServer(apiKey);
  servers.mistral = await startFakeMistralServer(apiKey);
  servers.anthropic = await startFakeAnthropicServer(apiKey);
});
afterAll(() => Promise.all(Object.values(servers).map((server) => server.close())));

const serverOf = (kind: ProviderKind) => servers[kind === "openai-compatible" ? "openai" : kind]!;
const providerOf = (kind: ProviderKind) =>
  createAiProvider({
    kind,
    protocol: getAiBlockDefinition(kind)!.ai.protocol,
    baseUrl: kind === "anthropic" ? servers.anthropic!.origin : `${serverOf(kind).origin}/v1`,
    apiKey,
  });

const weather: ToolDefinition = {
  name: "get_weather",
  description: "The weather in a city",
  parameters: {
    type: "object",
    properties: { city: { type: "string" }, days: { type: "number" } },
    required: ["city"],
  },
};
const conversation: ToolConversationMessage[] = [
  { role: "system", content: "Answer with the tools." },
  { role: "user", content: "Weather in Paris and Rome?" },
];

async function readAll(stream: ToolStepStream) {
  const pieces: string[] = [];
  for await (const piece of stream.deltas) pieces.push(piece);
  return { pieces, result: await stream.result() };
}

async function failureOf(promise: Promise<unknown>): Promise<AiProviderError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AiProviderError);
    return error as AiProviderError;
  }
  throw new Error("expected the step to fail");
}

const step = (kind: ProviderKind, messages = conversation, timeoutMs = call.timeoutMs) =>
  providerOf(kind).streamToolStep(
    { model: "model-t", messages, tools: [weather], maxTokens: 300 },
    { ...call, timeoutMs },
  );

describe.each(["openai", "mistral", "anthropic", "openai-compatible"] as const)("%s tool calling", (kind) => {
  it("streams a text answer and sends the tools in the protocol's shape", async () => {
    serverOf(kind).script({ text: "It is sunny everywhere." });
    const { pieces, result } = await readAll(await step(kind));
    expect(pieces).toEqual(["It ", "is ", "sunny ", "everywhere."]);
    expect(result.content).toBe("It is sunny everywhere.");
    expect(result.toolCalls).toEqual([]);
    const sent = serverOf(kind).requests.at(-1)!.json!;
    expect(sent.stream).toBe(true);
    if (kind === "anthropic") {
      expect(sent.tools).toEqual([
        { name: weather.name, description: weather.description, input_schema: weather.parameters },
      ]);
      expect(sent.system).toBe("Answer with the tools.");
      expect(sent.messages).toEqual([{ role: "user", content: "Weather in Paris and Rome?" }]);
    } else {
      expect(sent.tools).toEqual([
        {
          type: "function",
          function: { name: weather.name, description: weather.description, parameters: weather.parameters },
        },
      ]);
      expect(sent.messages).toEqual(conversation);
    }
    if (kind !== "openai-compatible") expect(result.usage?.completionTokens).toBe(11);
  });

  it("reads one tool call", async () => {
    serverOf(kind).script({
      toolCalls: [{ id: "call_paris", name: "get_weather", arguments: '{"city":"Paris","days":2}' }],
    });
    const { pieces, result } = await readAll(await step(kind));
    expect(pieces).toEqual([]);
    expect(result).toMatchObject({
      content: "",
      toolCalls: [{ id: "call_paris", name: "get_weather", arguments: { city: "Paris", days: 2 } }],
    });
  });

  it("reads two parallel tool calls in order, after the text that precedes them", async () => {
    serverOf(kind).script({
      text: "Let me check.",
      toolCalls: [
        { id: "call_paris", name: "get_weather", arguments: '{"city":"Paris"}' },
        { id: "call_rome", name: "get_weather", arguments: '{"city":"Rome"}' },
      ],
    });
    const { pieces, result } = await readAll(await step(kind));
    expect(pieces.join("")).toBe("Let me check.");
    expect(result.toolCalls).toEqual([
      { id: "call_paris", name: "get_weather", arguments: { city: "Paris" } },
      { id: "call_rome", name: "get_weather", arguments: { city: "Rome" } },
    ]);
  });

  it("assembles arguments that arrive in several fragments (nested values, escaped text)", async () => {
    const values = { city: 'São Paulo "centro"', options: { units: "metric", hours: [6, 12, 18] } };
    serverOf(kind).script({
      toolCalls: [{ id: "call_sp", name: "get_weather", arguments: JSON.stringify(values) }],
    });
    const result = await (await step(kind)).result();
    expect(result.toolCalls).toEqual([{ id: "call_sp", name: "get_weather", arguments: values }]);
  });

  it("sends tool results back with the ids of the calls they answer", async () => {
    serverOf(kind).script({ text: "Paris 21°C, Rome 25°C." });
    const messages: ToolConversationMessage[] = [
      ...conversation,
      {
        role: "assistant",
        content: "",
        toolCalls: [
          { id: "call_paris", name: "get_weather", arguments: { city: "Paris" } },
          { id: "call_rome", name: "get_weather", arguments: { city: "Rome" } },
        ],
      },
      { role: "tool", toolCallId: "call_paris", toolName: "get_weather", content: "21°C" },
      { role: "tool", toolCallId: "call_rome", toolName: "get_weather", content: "25°C" },
    ];
    const { result } = await readAll(await step(kind, messages));
    expect(result.content).toBe("Paris 21°C, Rome 25°C.");
    const sent = serverOf(kind).requests.at(-1)!.json!;
    if (kind === "anthropic") {
      expect(sent.messages).toEqual([
        { role: "user", content: "Weather in Paris and Rome?" },
        {
          role: "assistant",
          content: [
            { type: "tool_use", id: "call_paris", name: "get_weather", input: { city: "Paris" } },
            { type: "tool_use", id: "call_rome", name: "get_weather", input: { city: "Rome" } },
          ],
        },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "call_paris", content: "21°C" },
            { type: "tool_result", tool_use_id: "call_rome", content: "25°C" },
          ],
        },
      ]);
    } else {
      expect(sent.messages).toEqual([
        ...conversation,
        {
          role: "assistant",
          content: null,
          tool_calls: [
            {
              id: "call_paris",
              type: "function",
              function: { name: "get_weather", arguments: '{"city":"Paris"}' },
            },
            {
              id: "call_rome",
              type: "function",
              function: { name: "get_weather", arguments: '{"city":"Rome"}' },
            },
          ],
        },
        { role: "tool", tool_call_id: "call_paris", content: "21°C" },
        { role: "tool", tool_call_id: "call_rome", content: "25°C" },
      ]);
    }
  });

  it("fails clearly on a call whose arguments are not a JSON object; an unknown tool name is the caller's", async () => {
    serverOf(kind).script({
      toolCalls: [{ id: "call_bad", name: "get_weather", arguments: '{"city": "Par' }],
    });
    const error = await failureOf((await step(kind)).result());
    expect(error.message).toBe(
      `The model called the tool "get_weather" with arguments that are not a JSON object: {"city": "Par`,
    );
    serverOf(kind).script({ toolCalls: [{ id: "call_list", name: "get_weather", arguments: "[1,2]" }] });
    expect((await failureOf((await step(kind)).result())).message).toContain("not a JSON object");
    serverOf(kind).script({ toolCalls: [{ id: "call_x", name: "launch_rocket", arguments: "{}" }] });
    expect((await (await step(kind)).result()).toolCalls).toEqual([
      { id: "call_x", name: "launch_rocket", arguments: {} },
    ]);
  });

  it("reports the provider's own message when it refuses the tools with HTTP 400, without the key", async () => {
    serverOf(kind).script({
      httpError: { status: 400, message: `tools[0].function.parameters is invalid (key ${apiKey})` },
    });
    const error = await failureOf(step(kind));
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      "The provider answered 400: tools[0].function.parameters is invalid (key [redacted])",
    );
  });

  it("fails, rather than hang, when the stream stalls past the call's timeout", async () => {
    serverOf(kind).script({ text: "Slow answer that never ends", stallAfterEvents: 2 });
    const stream = await step(kind, conversation, 400);
    const error = await failureOf(readAll(stream));
    expect(error.message).toBe("The provider's answer was cut off (it did not finish in time)");
    await expect(stream.result()).rejects.toBe(error);
  });

  it("fails when the connection is cut mid-stream", async () => {
    serverOf(kind).script({
      toolCalls: [{ id: "call_cut", name: "get_weather", arguments: '{"city":"Paris"}' }],
      cutAfterBytes: 260,
    });
    const error = await failureOf((await step(kind)).result());
    expect(error.message).toMatch(/^The provider's answer (ended before it was complete|was cut off)/);
    expect(error.message).not.toContain(apiKey);
  });
});
