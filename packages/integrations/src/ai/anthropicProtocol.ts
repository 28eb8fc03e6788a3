import type { AnthropicBlock } from "@parley/schemas";
import {
  type AiProvider,
  AiProviderError,
  type ChatMessage,
  type CompletionRequest,
  type CompletionStream,
  type ProviderEndpoint,
  type TokenUsage,
} from "./aiTypes";
import { parseServerSentEvents } from "./parseServerSentEvents";
import { joinUrl, openProviderStream, parseJson, redactSecret, requestProviderJson } from "./providerHttp";

export const ANTHROPIC_VERSION = "2023-06-01";
/** The Messages API requires max_tokens; blocks that leave it empty get this. */
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 1024;

interface AnthropicMessage {
  content?: { type?: string; text?: string; name?: string; input?: unknown }[];
  usage?: { input_tokens?: number; output_tokens?: number };
}

interface AnthropicStreamEvent {
  type?: string;
  message?: AnthropicMessage;
  delta?: { type?: string; text?: string };
  usage?: { output_tokens?: number; input_tokens?: number };
  error?: { type?: string; message?: string };
}

/** Anthropic's Messages API: the system prompt apart, `x-api-key`, typed stream events. */
export function createAnthropicProvider(
  endpoint: ProviderEndpoint & { kind: AnthropicBlock["type"] },
): AiProvider {
  const secret = endpoint.apiKey;
  const headers: Record<string, string> = {
    "anthropic-version": ANTHROPIC_VERSION,
    ...(secret ? { "x-api-key": secret } : {}),
  };
  const url = (path: string) => joinUrl(endpoint.baseUrl, path);
  const buildBody = (request: CompletionRequest) => {
    const split = splitSystemPrompt(request.messages);
    // The Messages API needs one message at least: a prompt made of a system message alone is sent as the user's.
    const { system, messages } =
      split.messages.length > 0
        ? split
        : { system: "", messages: [{ role: "user" as const, content: split.system }] };
    return {
      model: request.model,
      max_tokens: request.maxTokens ?? DEFAULT_ANTHROPIC_MAX_TOKENS,
      ...(system ? { system } : {}),
      messages,
      ...(request.temperature !== undefined ? { temperature: Math.min(request.temperature, 1) } : {}),
    };
  };

  return {
    label: "Anthropic",

    async complete(request, call) {
      const body = (await requestProviderJson(
        { url: url("v1/messages"), headers, body: buildBody(request), secret },
        call,
      )) as AnthropicMessage;
      const text = (body.content ?? [])
        .filter((block) => block.type === "text")
        .map((block) => block.text ?? "")
        .join("");
      if (!body.content) throw new AiProviderError("The provider answered without a message");
      return { content: text, usage: toUsage(body.usage?.input_tokens, body.usage?.output_tokens) };
    },

    async stream(request, call): Promise<CompletionStream> {
      const response = await openProviderStream(
        {
          url: url("v1/messages"),
          headers: { ...headers, accept: "text/event-stream" },
          body: { ...buildBody(request), stream: true },
          secret,
        },
        call,
      );
      let inputTokens: number | undefined;
      let outputTokens: number | undefined;
      async function* deltas() {
        try {
          for await (const event of parseServerSentEvents(response.body)) {
            const data = parseJson(event.data) as AnthropicStreamEvent | undefined;
            if (!data) continue;
            switch (data.type ?? event.event) {
              case "message_start":
                inputTokens = data.message?.usage?.input_tokens;
                outputTokens = data.message?.usage?.output_tokens;
                break;
              case "content_block_delta":
                if (data.delta?.type === "text_delta" && data.delta.text) yield data.delta.text;
                break;
              case "message_delta":
                outputTokens = data.usage?.output_tokens ?? outputTokens;
                break;
              case "message_stop":
                return;
              case "error":
                throw new AiProviderError(
                  `The provider failed mid-stream: ${redactSecret(data.error?.message ?? "error", secret)}`,
                );
            }
          }
        } finally {
          response.close();
        }
      }
      return { deltas: deltas(), getUsage: () => toUsage(inputTokens, outputTokens) };
    },

    async extract(request, call) {
      const body = {
        ...buildBody(request),
        tools: [
          { name: request.toolName, description: request.toolDescription, input_schema: request.schema },
        ],
        tool_choice: { type: "tool", name: request.toolName },
      };
      const reply = (await requestProviderJson(
        { url: url("v1/messages"), headers, body, secret },
        call,
      )) as AnthropicMessage;
      const toolUse = reply.content?.find((block) => block.type === "tool_use");
      const input = toolUse?.input;
      if (!input || typeof input !== "object" || Array.isArray(input))
        throw new AiProviderError("The model did not return the variables as a tool call");
      return input as Record<string, unknown>;
    },

    async listModels(call) {
      const body = (await requestProviderJson(
        { url: url("v1/models?limit=1000"), method: "GET", headers, secret },
        call,
      )) as { data?: { id?: unknown }[] };
      return (body.data ?? []).map((model) => model.id).filter((id): id is string => typeof id === "string");
    },
  };
}

/** System messages go to `system`; the others keep their order. */
function splitSystemPrompt(messages: ChatMessage[]) {
  const system = messages
    .filter((message) => message.role === "system")
    .map((message) => message.content)
    .join("\n\n");
  return {
    system,
    messages: messages
      .filter((message) => message.role !== "system")
      .map((message) => ({ role: message.role, content: message.content })),
  };
}

function toUsage(input: number | undefined, output: number | undefined): TokenUsage | null {
  if (input === undefined && output === undefined) return null;
  const promptTokens = input ?? 0;
  const completionTokens = output ?? 0;
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}
