import type { ServerResponse } from "node:http";
import {
  type FakeProviderServer,
  type ProtocolContext,
  type ProviderProtocol,
  type ReceivedRequest,
  type ScriptedReply,
  sendJson,
  startFakeProviderServer,
} from "./fakeProviderServer";

type Flavor = "openai" | "mistral";

/** Models the fake servers list, as their providers would. */
export const fakeModels = {
  openai: ["gpt-4o-mini", "gpt-4o", "tts-1", "whisper-1"],
  mistral: ["mistral-large-latest", "mistral-small-latest"],
};

/** Bytes of the MP3 the fake speech endpoint returns (an ID3 header, enough for a player to try). */
export const fakeSpeechBytes = Buffer.from(
  "ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000fake mp3 frames",
  "latin1",
);

/**
 * OpenAI's HTTP API as documented (chat completions with tools and SSE streaming, models, speech,
 * transcriptions, embeddings), served under /v1. With flavor "mistral" it answers like Mistral's chat API.
 */
export function openAiProtocol(flavor: Flavor): ProviderProtocol {
  return {
    async handle(request, response, context) {
      if (request.headers.authorization !== `Bearer ${context.apiKey}`) {
        const shown = String(request.headers.authorization ?? "").replace(/^Bearer /, "");
        return sendJson(response, 401, {
          error: {
            message: `Incorrect API key provided: ${shown.slice(0, 3)}****${shown.slice(-4)}.`,
            type: "invalid_request_error",
            code: "invalid_api_key",
          },
        });
      }
      const path = request.path.split("?")[0];
      if (request.method === "GET" && path === "/v1/models")
        return sendJson(response, 200, {
          object: "list",
          data: fakeModels[flavor].map((id) => ({ id, object: "model", owned_by: flavor })),
        });
      if (request.method === "POST" && path === "/v1/audio/speech") {
        response.setHeader("content-type", "audio/mpeg");
        response.end(fakeSpeechBytes);
        return;
      }
      if (request.method === "POST" && path === "/v1/audio/transcriptions") {
        const body = request.raw.toString("latin1");
        if (!/name="file"; filename="[^"]+"/.test(body) || !/name="model"\r\n\r\nwhisper-1\r\n/.test(body))
          return sendJson(response, 400, { error: { message: "file and model are required" } });
        return sendJson(response, 200, { text: `Transcribed ${request.raw.byteLength} bytes` });
      }
      if (request.method === "POST" && path === "/v1/embeddings") return answerEmbeddings(request, response);
      if (request.method !== "POST" || path !== "/v1/chat/completions")
        return sendJson(response, 404, { error: { message: `Unknown path ${request.path}` } });

      const body = request.json ?? {};
      const messages = (body.messages ?? []) as { role: string; content: string }[];
      if (typeof body.model !== "string" || !Array.isArray(body.messages) || messages.length === 0)
        return sendJson(response, 400, { error: { message: "model and messages are required" } });
      if (body.model === "missing-model")
        return sendJson(response, 404, { error: { message: "The model `missing-model` does not exist" } });
      const promptTokens = messages.reduce(
        (total, message) => total + String(message.content ?? "").split(/\s+/).length,
        0,
      );
      const scripted = context.nextScripted();
      if (scripted) return answerScripted(flavor, scripted, body, response, context, promptTokens);
      const tools = body.tools as
        | {
            function: {
              name: string;
              parameters: { properties?: Record<string, { type?: string; enum?: string[] }> };
            };
          }[]
        | undefined;
      if (tools?.length && body.stream !== true) {
        const tool = tools[0]!.function;
        const values = Object.fromEntries(
          Object.entries(tool.parameters.properties ?? {}).map(([key, schema]) => [
            key,
            schema.enum
              ? schema.enum[0]
              : schema.type === "number"
                ? 42
                : schema.type === "boolean"
                  ? true
                  : `${key} from "${messages.at(-1)?.content}"`,
          ]),
        );
        return sendJson(response, 200, {
          id: "chatcmpl-tool",
          object: "chat.completion",
          model: body.model,
          choices: [
            {
              index: 0,
              message: {
                role: "assistant",
                content: null,
                tool_calls: [
                  {
                    id: "call_1",
                    type: "function",
                    function: { name: tool.name, arguments: JSON.stringify(values) },
                  },
                ],
              },
              finish_reason: "tool_calls",
            },
          ],
          usage: { prompt_tokens: promptTokens, completion_tokens: 5, total_tokens: promptTokens + 5 },
        });
      }
      const content = context.reply(messages);
      const completionTokens = content.split(/\s+/).filter(Boolean).length;
      const usage = {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      };
      if (body.stream === true) {
        const base = { id: "chatcmpl-stream", object: "chat.completion.chunk", model: body.model };
        const includeUsage =
          flavor === "mistral" ||
          (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage;
        await context.streamEvents(
          response,
          [
            {
              data: {
                ...base,
                choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }],
              },
            },
            ...context.chunk(content).map((piece) => ({
              data: { ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] },
            })),
            {
              data: {
                ...base,
                choices: [{ index: 0, delta: {}, finish_reason: "stop" }],
                ...(flavor === "mistral" ? { usage } : {}),
              },
            },
            ...(includeUsage && flavor === "openai" ? [{ data: { ...base, choices: [], usage } }] : []),
            { data: "[DONE]" },
          ],
          1,
        );
        return;
      }
      return sendJson(response, 200, {
        id: "chatcmpl-1",
        object: "chat.completion",
        model: body.model,
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        usage,
      });
    },
  };
}

/**
 * A scripted answer in the flavour's real format. Streamed, OpenAI sends each tool call's id and
 * name first and its arguments in three fragments; Mistral sends each call whole in one chunk.
 */
async function answerScripted(
  flavor: Flavor,
  scripted: ScriptedReply,
  body: Record<string, unknown>,
  response: ServerResponse,
  context: ProtocolContext,
  promptTokens: number,
) {
  if (scripted.httpError)
    return sendJson(response, scripted.httpError.status, {
      error: { message: scripted.httpError.message, type: "invalid_request_error" },
    });
  const text = scripted.text ?? "";
  const calls = scripted.toolCalls ?? [];
  const usage = { prompt_tokens: promptTokens, completion_tokens: 11, total_tokens: promptTokens + 11 };
  const finishReason = calls.length > 0 ? "tool_calls" : "stop";
  if (body.stream !== true)
    return sendJson(response, 200, {
      id: "chatcmpl-scripted",
      object: "chat.completion",
      model: body.model,
      choices: [
        {
          index: 0,
          message: {
            role: "assistant",
            content: text === "" ? null : text,
            ...(calls.length > 0
              ? {
                  tool_calls: calls.map((call) => ({
                    id: call.id,
                    type: "function",
                    function: { name: call.name, arguments: call.arguments },
                  })),
                }
              : {}),
          },
          finish_reason: finishReason,
        },
      ],
      usage,
    });
  const base = { id: "chatcmpl-scripted", object: "chat.completion.chunk", model: body.model };
  const delta = (value: Record<string, unknown>, finish: string | null = null) => ({
    data: { ...base, choices: [{ index: 0, delta: value, finish_reason: finish }] },
  });
  const thirds = (value: string) => {
    const size = Math.ceil(value.length / 3);
    return [value.slice(0, size), value.slice(size, 2 * size), value.slice(2 * size)];
  };
  const callEvents = calls.flatMap((call, index) =>
    flavor === "mistral"
      ? [
          delta({
            tool_calls: [{ id: call.id, function: { name: call.name, arguments: call.arguments }, index: 0 }],
          }),
        ]
      : [
          delta({
            tool_calls: [
              { index, id: call.id, type: "function", function: { name: call.name, arguments: "" } },
            ],
          }),
          ...thirds(call.arguments).map((piece) =>
            delta({ tool_calls: [{ index, function: { arguments: piece } }] }),
          ),
        ],
  );
  await context.streamEvents(
    response,
    [
      delta({ role: "assistant", content: "" }),
      ...(text === "" ? [] : context.chunk(text).map((piece) => delta({ content: piece }))),
      ...callEvents,
      {
        data: {
          ...base,
          choices: [{ index: 0, delta: {}, finish_reason: finishReason }],
          ...(flavor === "mistral" ? { usage } : {}),
        },
      },
      ...(flavor === "openai" &&
      (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage
        ? [{ data: { ...base, choices: [], usage } }]
        : []),
      { data: "[DONE]" },
    ],
    1,
    scripted,
  );
}

/** Dimensions of the fake embeddings. */
export const FAKE_EMBEDDING_DIMENSIONS = 256;
/** An embeddings model the fake servers answer with a server error (a provider outage). */
export const UNAVAILABLE_EMBEDDING_MODEL = "unavailable-embedding-model";

/**
 * A deterministic embedding: a hashed bag of words (each lower-cased word adds ±1 at a position given by
 * its FNV-1a hash), so texts sharing words are similar and retrieval tests are meaningful.
 */
export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    let hash = 0x811c9dc5;
    for (let index = 0; index < word.length; index++) {
      hash ^= word.charCodeAt(index);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    const position = hash % FAKE_EMBEDDING_DIMENSIONS;
    vector[position] = (vector[position] ?? 0) + ((hash >>> 16) & 1 ? 1 : -1);
  }
  return vector;
}

/** OpenAI's `POST /v1/embeddings` (Mistral's has the same shape): `input` a string or a list of strings. */
function answerEmbeddings(request: ReceivedRequest, response: ServerResponse) {
  const body = request.json ?? {};
  const input = typeof body.input === "string" ? [body.input] : body.input;
  if (
    typeof body.model !== "string" ||
    !Array.isArray(input) ||
    input.some((item) => typeof item !== "string")
  )
    return sendJson(response, 400, { error: { message: "model and input are required" } });
  if (body.model === "missing-model")
    return sendJson(response, 404, { error: { message: "The model `missing-model` does not exist" } });
  if (body.model === UNAVAILABLE_EMBEDDING_MODEL)
    return sendJson(response, 503, {
      error: { message: "The embeddings service is overloaded, try again later" },
    });
  const texts = input as string[];
  const tokens = texts.reduce((total, text) => total + text.split(/\s+/).filter(Boolean).length, 0);
  return sendJson(response, 200, {
    object: "list",
    model: body.model,
    data: texts.map((text, index) => ({ object: "embedding", index, embedding: fakeEmbedding(text) })),
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}

export const startFakeOpenAiServer = (apiKey: string): Promise<FakeProviderServer> =>
  startFakeProviderServer(openAiProtocol("openai"), apiKey);

export const startFakeMistralServer = (apiKey: string): Promise<FakeProviderServer> =>
  startFakeProviderServer(openAiProtocol("mistral"), apiKey);
