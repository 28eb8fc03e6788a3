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
  type ToolConversationMessage,
  type ToolStepResult,
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
import { incompleteStreamError, toToolCall, toToolStepStream } from "./toolStepStream";

/** The chat-completions protocol's dialect a kind speaks (its definition's `ai.protocol`). */
export type OpenAiChatProtocol = Extract<AiProtocol, { name: "openAiChat" }>;

/** What a reply (or a streamed chunk) carries; a field of another type reads as absent. */
const openAiUsageSchema = z.object({
  prompt_tokens: optionalNumber,
  completion_tokens: optionalNumber,
  total_tokens: optionalNumber,
});
type OpenAiUsage = z.infer<typeof openAiUsageSchema>;

/** A piece of a streamed tool call: OpenAI sends id and name first, then the arguments in fragments. */
const openAiToolCallDeltaSchema = z.object({
  index: optionalNumber,
  id: optionalString,
  function: z
    .object({
      name: optionalString,
      arguments: z.union([z.string(), toolArgumentsSchema]).optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
});

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
        delta: z
          .object({
            content: optionalString,
            tool_calls: z.array(openAiToolCallDeltaSchema).optional().catch(undefined),
          })
          .optional()
          .catch(undefined),
        finish_reason: optionalString,
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

    async streamToolStep(request, call) {
      const body = {
        ...buildBody({ ...request, messages: [] }),
        messages: request.messages.map(toOpenAiMessage),
        tools: request.tools.map((tool) => ({
          type: "function",
          function: { name: tool.name, description: tool.description, parameters: tool.parameters },
        })),
        stream: true,
        ...(protocol.streamsUsage ? { stream_options: { include_usage: true } } : {}),
      };
      const response = await openProviderStream(
        { url: url("chat/completions"), headers: { ...headers, accept: "text/event-stream" }, body, secret },
        call,
      );
      return toToolStepStream(readToolStep(response, secret), secret);
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

/** Reads a streamed step: text deltas as they come, tool calls assembled from their fragments. */
async function* readToolStep(
  response: Awaited<ReturnType<typeof openProviderStream>>,
  secret: string | null,
): AsyncGenerator<string, ToolStepResult> {
  let usage: TokenUsage | null = null;
  let content = "";
  let finished = false;
  const calls: { id: string; name: string; arguments: string | Record<string, unknown> }[] = [];
  const callAtIndex = new Map<number, (typeof calls)[number]>();
  try {
    for await (const event of parseServerSentEvents(response.body)) {
      if (event.data === "[DONE]") {
        finished = true;
        break;
      }
      const chunk = parseReply(openAiCompletionSchema, parseJson(event.data));
      if (!chunk) continue;
      if (chunk.error) {
        throw new AiProviderError(
          `The provider failed mid-stream: ${redactSecret(parseReply(providerErrorSchema, chunk.error)?.message ?? "error", secret)}`,
        );
      }
      if (chunk.usage) usage = toUsage(chunk.usage);
      const choice = chunk.choices?.[0];
      if (choice?.finish_reason) finished = true;
      for (const fragment of choice?.delta?.tool_calls ?? []) {
        const index = fragment.index ?? calls.length - 1;
        const current = callAtIndex.get(index);
        // A fragment with a new id starts a call (Mistral sends each call whole, all at index 0).
        if (!current || (fragment.id !== undefined && fragment.id !== current.id)) {
          const call = {
            id: fragment.id ?? "",
            name: fragment.function?.name ?? "",
            arguments: fragment.function?.arguments ?? "",
          };
          calls.push(call);
          callAtIndex.set(fragment.index ?? calls.length - 1, call);
          continue;
        }
        if (fragment.function?.name) current.name ||= fragment.function.name;
        const piece = fragment.function?.arguments;
        if (typeof piece === "string" && typeof current.arguments === "string") current.arguments += piece;
        else if (piece !== undefined) current.arguments = piece;
      }
      const text = choice?.delta?.content;
      if (typeof text === "string" && text !== "") {
        content += text;
        yield text;
      }
    }
  } finally {
    response.close();
  }
  if (!finished) throw incompleteStreamError();
  const toolCalls = calls.map((call, position) => {
    if (call.name === "") throw new AiProviderError("The model made a tool call without a function name");
    return toToolCall(call.id || `call_${position}`, call.name, call.arguments);
  });
  return { content, toolCalls, usage };
}

/** A conversation message as chat completions take it: tool calls and results in OpenAI's shape. */
function toOpenAiMessage(message: ToolConversationMessage) {
  if (message.role === "tool")
    return { role: "tool", tool_call_id: message.toolCallId, content: message.content };
  if (message.role === "assistant" && "toolCalls" in message && message.toolCalls.length > 0)
    return {
      role: "assistant",
      content: message.content === "" ? null : message.content,
      tool_calls: message.toolCalls.map((call) => ({
        id: call.id,
        type: "function",
        function: { name: call.name, arguments: JSON.stringify(call.arguments) },
      })),
    };
  return { role: message.role, content: message.content };
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
