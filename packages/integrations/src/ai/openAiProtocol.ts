import type { AiProtocol } from "@parley/schemas";
import { z } from "zod";
import {
  type AiProvider,
  AiProviderError,
  type CallOptions,
  type CompletionRequest,
  type CompletionStream,
  type ExtractionRequest,
  type ProviderEndpoint,
  type TokenUsage,
} from "./aiTypes";
import { parseServerSentEvents } from "./parseServerSentEvents";
import {
  joinUrl,
  openProviderStream,
  optionalNumber,
  optionalString,
  parseJson,
  parseReply,
  providerErrorSchema,
  redactSecret,
  requestProviderJson,
  toolArgumentsSchema,
} from "./providerHttp";

/** The chat-completions protocol's dialect a kind speaks (its definition's `ai.protocol`). */
export type OpenAiChatProtocol = Extract<AiProtocol, { name: "openAiChat" }>;

/** What a reply (or a streamed chunk) carries; a field of another type reads as absent. */
const openAiUsageSchema = z.object({
  prompt_tokens: optionalNumber,
  completion_tokens: optionalNumber,
  total_tokens: optionalNumber,
});
type OpenAiUsage = z.infer<typeof openAiUsageSchema>;

const openAiCompletionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z
          .object({
            content: optionalString,
            tool_calls: z
              .array(
                z.object({
                  function: z
                    .object({
                      arguments: z.union([z.string(), toolArgumentsSchema]).optional().catch(undefined),
                    })
                    .optional()
                    .catch(undefined),
                }),
              )
              .optional()
              .catch(undefined),
          })
          .optional()
          .catch(undefined),
        delta: z.object({ content: optionalString }).optional().catch(undefined),
      }),
    )
    .optional()
    .catch(undefined),
  usage: openAiUsageSchema.optional().catch(undefined),
  /** A streamed chunk reporting a failure. */
  error: z.unknown().optional(),
});

const openAiModelsSchema = z.object({
  data: z
    .array(z.object({ id: optionalString }))
    .optional()
    .catch(undefined),
});

/**
 * The chat-completions protocol of OpenAI, spoken the same way by Mistral and by the servers
 * that imitate it (Groq, Together, OpenRouter, DeepSeek, Ollama, vLLM, LM Studio).
 */
export function createOpenAiProtocolProvider(
  endpoint: ProviderEndpoint,
  protocol: OpenAiChatProtocol,
): AiProvider {
  const secret = endpoint.apiKey;
  const headers: Record<string, string> = secret ? { authorization: `Bearer ${secret}` } : {};
  const url = (path: string) => joinUrl(endpoint.baseUrl, path);
  const buildBody = (request: CompletionRequest) => ({
    model: request.model,
    messages: request.messages,
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    // OpenAI's newer models only take max_completion_tokens; the imitators know max_tokens.
    ...(request.maxTokens !== undefined ? { [protocol.maxTokensField]: request.maxTokens } : {}),
  });

  return {
    async complete(request, call) {
      const body = parseReply(
        openAiCompletionSchema,
        await requestProviderJson(
          { url: url("chat/completions"), headers, body: buildBody(request), secret },
          call,
        ),
      );
      const content = body?.choices?.[0]?.message?.content;
      if (typeof content !== "string") throw new AiProviderError("The provider answered without a message");
      return { content, usage: toUsage(body?.usage) };
    },

    async stream(request, call): Promise<CompletionStream> {
      const body = {
        ...buildBody(request),
        stream: true,
        ...(protocol.streamsUsage ? { stream_options: { include_usage: true } } : {}),
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
            const chunk = parseReply(openAiCompletionSchema, parseJson(event.data));
            if (!chunk) continue;
            if (chunk.error) {
              throw new AiProviderError(
                `The provider failed mid-stream: ${redactSecret(parseReply(providerErrorSchema, chunk.error)?.message ?? "error", secret)}`,
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
          protocol.forcedToolChoice === "any"
            ? "any"
            : { type: "function", function: { name: request.toolName } },
      };
      const reply = parseReply(
        openAiCompletionSchema,
        await requestProviderJson({ url: url("chat/completions"), headers, body, secret }, call),
      );
      const argumentsValue = reply?.choices?.[0]?.message?.tool_calls?.[0]?.function?.arguments;
      const values = parseReply(
        toolArgumentsSchema,
        typeof argumentsValue === "string" ? parseJson(argumentsValue) : argumentsValue,
      );
      if (!values) throw new AiProviderError("The model did not return the variables as a tool call");
      return values;
    },

    async listModels(call) {
      const body = parseReply(
        openAiModelsSchema,
        await requestProviderJson({ url: url("models"), method: "GET", headers, secret }, call),
      );
      return (body?.data ?? [])
        .map((model) => model.id)
        .filter((id) => id !== undefined)
        .sort();
    },
  };
}

function toUsage(usage: OpenAiUsage | undefined): TokenUsage | null {
  if (!usage) return null;
  const promptTokens = usage.prompt_tokens ?? 0;
  const completionTokens = usage.completion_tokens ?? 0;
  return {
    promptTokens,
    completionTokens,
    totalTokens: usage.total_tokens ?? promptTokens + completionTokens,
  };
}
