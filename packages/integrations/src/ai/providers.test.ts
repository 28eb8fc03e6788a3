import { getAiBlockDefinition } from "@parley/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeAnthropicServer } from "../testing/anthropicProtocolServer";
import type { FakeProviderServer } from "../testing/fakeProviderServer";
import {
  fakeSpeechBytes,
  startFakeMistralServer,
  startFakeOpenAiServer,
} from "../testing/openAiProtocolServer";
import { startFileServer } from "../testing/startFileServer";
import { startLocalServer } from "../testing/startLocalServer";
import { AiProviderError, type ProviderKind } from "./aiTypes";
import { createAiProvider } from "./createAiProvider";
import { createSpeech, createTranscription } from "./openAiAudio";
import { MAX_PROVIDER_RESPONSE_BYTES } from "./providerHttp";

const apiKey = "sk-provider-test-0123456789abcdef";
const call = { timeoutMs: 5_000, allowList: ["127.0.0.1"] };
const servers: Record<string, FakeProviderServer> = {};

beforeAll(async () => {
  servers.openai = await startFakeOpenAiServer(apiKey);
  servers.mistral = await startFakeMistralServer(apiKey);
  servers.anthropic = await startFakeAnthropicServer(apiKey);
});
afterAll(() => Promise.all(Object.values(servers).map((server) => server.close())));

const baseUrlOf = (kind: ProviderKind) =>
  kind === "anthropic"
    ? servers.anthropic!.origin
    : `${servers[kind === "openai-compatible" ? "openai" : kind]!.origin}/v1`;
/** The protocol the kind's definition names. */
const protocolOf = (kind: ProviderKind) => getAiBlockDefinition(kind)!.ai.protocol;
const providerOf = (kind: ProviderKind, key = apiKey) =>
  createAiProvider({ kind, protocol: protocolOf(kind), baseUrl: baseUrlOf(kind), apiKey: key });
const serverOf = (kind: ProviderKind) => servers[kind === "openai-compatible" ? "openai" : kind]!;

const messages = [
  { role: "system" as const, content: "Be brief." },
  { role: "user" as const, content: "Hello there" },
];

describe.each(["openai", "mistral", "anthropic", "openai-compatible"] as const)("%s provider", (kind) => {
  it("sends the model, messages and key, and reads the answer and token counts", async () => {
    const server = serverOf(kind);
    const result = await providerOf(kind).complete(
      { model: "model-a", messages, temperature: 0.5, maxTokens: 50 },
      call,
    );
    expect(result.content).toBe("You said: Hello there");
    expect(result.usage).toEqual({
      promptTokens: expect.any(Number),
      completionTokens: 4,
      totalTokens: expect.any(Number),
    });
    const sent = server.requests.at(-1)!;
    expect(sent.json).toMatchObject({ model: "model-a", temperature: 0.5 });
    if (kind === "anthropic") {
      expect(sent.headers["x-api-key"]).toBe(apiKey);
      expect(sent.headers["anthropic-version"]).toBe("2023-06-01");
      expect(sent.json).toMatchObject({ system: "Be brief.", max_tokens: 50, messages: [messages[1]] });
    } else {
      expect(sent.headers.authorization).toBe(`Bearer ${apiKey}`);
      expect(sent.json).toMatchObject({ messages });
      expect(sent.json?.[kind === "openai" ? "max_completion_tokens" : "max_tokens"]).toBe(50);
    }
  });

  it("streams the answer in order and reports usage at the end", async () => {
    const stream = await providerOf(kind).stream({ model: "model-a", messages }, call);
    const pieces: string[] = [];
    for await (const piece of stream.deltas) pieces.push(piece);
    expect(pieces).toEqual(["You ", "said: ", "Hello ", "there"]);
    expect(serverOf(kind).requests.at(-1)?.json).toMatchObject({ stream: true });
    if (kind !== "openai-compatible") expect(stream.getUsage()?.completionTokens).toBe(4);
  });

  it("extracts values through a forced tool call", async () => {
    const values = await providerOf(kind).extract(
      {
        model: "model-a",
        messages: [{ role: "user", content: "I am Ada, 36" }],
        toolName: "save_variables",
        toolDescription: "Saves the values",
        schema: {
          type: "object",
          properties: { name: { type: "string" }, age: { type: "number" } },
          required: ["name"],
        },
      },
      call,
    );
    expect(Object.keys(values).sort()).toEqual(["age", "name"]);
    const sent = serverOf(kind).requests.at(-1)!.json!;
    if (kind === "anthropic") expect(sent.tool_choice).toEqual({ type: "tool", name: "save_variables" });
    else if (kind === "mistral") expect(sent.tool_choice).toBe("any");
    else expect(sent.tool_choice).toEqual({ type: "function", function: { name: "save_variables" } });
  });

  it("lists the models", async () => {
    const models = await providerOf(kind).listModels(call);
    expect(models.length).toBeGreaterThan(1);
  });

  it("turns a refused key into an error that does not quote it", async () => {
    const wrongKey = "sk-wrong-key-abcdefghijklmnop";
    const error = await providerOf(kind, wrongKey)
      .complete({ model: "model-a", messages }, call)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as AiProviderError).status).toBe(401);
    expect((error as Error).message).not.toContain(wrongKey);
    expect((error as Error).message).not.toContain(wrongKey.slice(-4));
  });

  it("refuses a base URL on 127.0.0.1 without the allow-list, before connecting", async () => {
    const before = serverOf(kind).requests.length;
    const error = await providerOf(kind)
      .complete({ model: "model-a", messages }, { timeoutMs: 5_000 })
      .catch((caught: unknown) => caught);
    expect((error as Error).message).toContain("refused by the outbound rules");
    expect(serverOf(kind).requests.length).toBe(before);
  });
});

describe("provider answers are capped", () => {
  it("refuses a reply larger than 8 MB with a clear error instead of reading it all", async () => {
    const huge = await startLocalServer((_request, response) => {
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify({ data: "x".repeat(MAX_PROVIDER_RESPONSE_BYTES + 1024) }));
    });
    try {
      const error = await createAiProvider({
        kind: "openai-compatible",
        protocol: protocolOf("openai-compatible"),
        baseUrl: `${huge.origin}/v1`,
        apiKey,
      })
        .listModels(call)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AiProviderError);
      expect((error as Error).message).toContain("RESPONSE_TOO_LARGE");
    } finally {
      await huge.close();
    }
  });
});

describe("OpenAI audio", () => {
  const endpoint = () => ({
    kind: "openai" as const,
    protocol: protocolOf("openai"),
    baseUrl: `${servers.openai!.origin}/v1`,
    apiKey,
  });

  it("creates speech as MP3 bytes", async () => {
    const speech = await createSpeech(endpoint(), { model: "tts-1", input: "Hi", voice: "alloy" }, call);
    expect(speech).toEqual({ bytes: fakeSpeechBytes, contentType: "audio/mpeg" });
    expect(servers.openai!.requests.at(-1)?.json).toEqual({
      model: "tts-1",
      input: "Hi",
      voice: "alloy",
      response_format: "mp3",
    });
  });

  it("downloads a recording and transcribes it", async () => {
    const recording = Buffer.from("fake webm recording bytes");
    const fileServer = await startFileServer(recording, "audio/webm");
    try {
      const text = await createTranscription(
        endpoint(),
        { model: "whisper-1", audioUrl: `${fileServer.origin}/uploads/clip` },
        call,
      );
      const sent = servers.openai!.requests.at(-1)!;
      expect(sent.path).toBe("/v1/audio/transcriptions");
      expect(sent.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
      expect(sent.raw.toString("latin1")).toContain('filename="clip.webm"');
      expect(sent.raw.includes(recording)).toBe(true);
      expect(text).toBe(`Transcribed ${sent.raw.byteLength} bytes`);
    } finally {
      await fileServer.close();
    }
  });

  it("does not download a recording from a private address without the allow-list", async () => {
    const error = await createTranscription(
      endpoint(),
      { model: "whisper-1", audioUrl: "http://10.0.0.1/clip.webm" },
      { timeoutMs: 2_000 },
    ).catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(/could not be downloaded.*refused by the outbound rules/);
  });
});
