import { type AnthropicBlock, mistralBlock, openAiBlock, openAiCompatibleBlock } from "@parley/schemas";
import {
  type AiProvider,
  AiProviderError,
  type CallOptions,
  type CompletionRequest,
  type CompletionStream,
  type ExtractionRequest,
  type ProviderEndpoint,
  type ProviderKind,
  type TokenUsage,
} from "./aiTypes";
import { parseServerSentEvents } from "./parseServerSentEvents";
import { joinUrl, openProviderStream, parseJson, redactSecret, requestProviderJson } from "./providerHttp";

const labels = {
  [openAiBlock.type]: "OpenAI",
  [mistralBlock.type]: "Mistral",
  [openAiCompatibleBlock.type]: "OpenAI-compatible server",
} as const;

interface OpenAiUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
}

interface OpenAiCompletion {
  choices?: {
    message?: {
      content?: string | null;
      tool_calls?: { function?: { name?: string; arguments?: string | Record<string, unknown> } }[];
    };
    delta?: { content?: string | null };
  }[];
  usage?: OpenAiUsage | null;
  error?: { message?: string };
}

/**
 * The chat-completions protocol of OpenAI, spoken the same way by Mistral and by the servers
 * that imitate it (Groq, Together, OpenRouter, DeepSeek, Ollama, vLLM, LM Studio).
 */
export function createOpenAiProtocolProvider(
  endpoint: ProviderEndpoint & { kind: Exclude<ProviderKind, AnthropicBlock["type"]> },
): AiProvider {
  const secret = endpoint.apiKey;
  const headers: Record<string, string> = secret ? { authorization: `Bearer ${secret}` } : {};
  const url = (path: string) => joinUrl(endpoint.baseUrl, path);
  const buildBody = (request: CompletionRequest) => ({
    model: request.model,
    messages: request.messages,
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    // OpenAI's newer models only take max_completion_tokens; the imitators know max_tokens.
    ...(request.maxTokens !== undefined
      ? endpoint.kind === openAiBlock.type
        ? { max_completion_tokens: request.maxTokens }
        : { max_tokens: request.maxTokens }
      : {}),
  });

  return {
    label: labels[endpoint.kind],

    async complete(request, call) {
      const body = (await requestProviderJson(
        { url: url("chat/completions"), headers, body: buildBody(request), secret },
        call,
      )) as OpenAiCompletion;
      const content = body.choices?.[0]?.message?.content;
      if (typeof content !== "string") throw new AiProviderError("The provider answered without a message");
      return { content, usage: toUsage(body.usage) };
    },

    async stream(request, call): Promise<CompletionStream> {
      const body = {
        ...buildBody(request),
        stream: true,
        ...(endpoint.kind === openAiBlock.type ? { stream_options: { include_usage: true } } : {}),
      };
      const response = await openProviderStream(
        { url: url("chat/completions"), headers: { ...headers, accept: "text/event-stream" }, body, secret },
        call,
      );
      let usage: TokenUsage | null = null;
      async function* deltas() {
        try {
          for await (const event of parseServerSentEvents(response.body)) {
            if (event.data === "[DONE]") return;
            const chunk = parseJson(event.data) as OpenAiCompletion | undefined;
            if (!chunk) continue;
            if (chunk.error) {
              throw new AiProviderError(
                `The provider failed mid-stream: ${redactSecret(chunk.error.message ?? "error", secret)}`,
              );
            }
            if (chunk.usage) usage = toUsage(chunk.usage);
            const text = chunk.choices?.[0]?.delta?.content;
            if (typeof text === "string" && text !== "") yield text;
          }
        } finally {
          response.close();
        }
      }
      return { deltas: deltas(), getUsage: () => usage };
    },

    async extract(request: ExtractionRequest, call: CallOptions) {
      const body = {
        ...buildBody(request),
        tools: [
          {
            type: "function",
            function: {
              name: request.toolName,
              description: request.toolDescription,
              parameters: request.schema,
            },
          },
        ],
        // Mistral forces a tool call with "any"; OpenAI and its imitators name the function.
        tool_choice:
          endpoint.kind === mistralBlock.type
            ? "any"
            : { type: "function", function: { name: request.toolName } },
      };
      const reply = (await requestProviderJson(
        { url: url("chat/completions"), headers, body, secret },
        call,
      )) as OpenAiCompletion;
      const argumentsValue = reply.choices?.[0]?.message?.tool_calls?.[0]?.function?.arguments;
      const parsed = typeof argumentsValue === "string" ? parseJson(argumentsValue) : argumentsValue;
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
        throw new AiProviderError("The model did not return the variables as a tool call");
      return parsed as Record<string, unknown>;
    },

    async listModels(call) {
      const body = (await requestProviderJson(
        { url: url("models"), method: "GET", headers, secret },
        call,
      )) as {
        data?: { id?: unknown }[];
      };
      return (body.data ?? [])
        .map((model) => model.id)
        .filter((id): id is string => typeof id === "string")
        .sort();
    },
  };
}

function toUsage(usage: OpenAiUsage | null | undefined): TokenUsage | null {
  if (!usage) return null;
  const promptTokens = usage.prompt_tokens ?? 0;
  const completionTokens = usage.completion_tokens ?? 0;
  return {
    promptTokens,
    completionTokens,
    totalTokens: usage.total_tokens ?? promptTokens + completionTokens,
  };
}
