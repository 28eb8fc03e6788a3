import type { AiModelMessage } from "@parley/schemas";
import { z } from "zod";
import {
  type AiProvider,
  AiProviderError,
  type CompletionRequest,
  type CompletionStream,
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

export const ANTHROPIC_VERSION = "2023-06-01";
/** The Messages API requires max_tokens; blocks that leave it empty get this. */
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 1024;

/** What a reply carries; a field of another type reads as absent. */
const anthropicUsageSchema = z
  .object({ input_tokens: optionalNumber, output_tokens: optionalNumber })
  .optional()
  .catch(undefined);

const anthropicMessageSchema = z.object({
  content: z
    .array(z.object({ type: optionalString, text: optionalString, input: z.unknown().optional() }))
    .optional()
    .catch(undefined),
  usage: anthropicUsageSchema,
});

const anthropicStreamEventSchema = z.object({
  type: optionalString,
  index: optionalNumber,
  message: anthropicMessageSchema.optional().catch(undefined),
  content_block: z
    .object({ type: optionalString, id: optionalString, name: optionalString, text: optionalString })
    .optional()
    .catch(undefined),
  delta: z
    .object({ type: optionalString, text: optionalString, partial_json: optionalString })
    .optional()
    .catch(undefined),
  usage: anthropicUsageSchema,
  error: z.unknown().optional(),
});

const anthropicModelsSchema = z.object({
  data: z
    .array(z.object({ id: optionalString }))
    .optional()
    .catch(undefined),
});

/** Anthropic's Messages API: the system prompt apart, `x-api-key`, typed stream events. */
export function createAnthropicProvider(endpoint: ProviderEndpoint): AiProvider {
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
    async complete(request, call) {
      const body = parseReply(
        anthropicMessageSchema,
        await requestProviderJson(
          { url: url("v1/messages"), headers, body: buildBody(request), secret },
          call,
        ),
      );
      if (!body?.content) throw new AiProviderError("The provider answered without a message");
      const text = body.content
        .filter((block) => block.type === "text")
        .map((block) => block.text ?? "")
        .join("");
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
            const data = parseReply(anthropicStreamEventSchema, parseJson(event.data));
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
                  `The provider failed mid-stream: ${redactSecret(parseReply(providerErrorSchema, data.error)?.message ?? "error", secret)}`,
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
      const reply = parseReply(
        anthropicMessageSchema,
        await requestProviderJson({ url: url("v1/messages"), headers, body, secret }, call),
      );
      const toolUse = reply?.content?.find((block) => block.type === "tool_use");
      const input = parseReply(toolArgumentsSchema, toolUse?.input);
      if (!input) throw new AiProviderError("The model did not return the variables as a tool call");
      return input;
    },

    async streamToolStep(request, call) {
      const system = request.messages
        .filter((message) => message.role === "system")
        .map((message) => message.content)
        .join("\n\n");
      const messages = toAnthropicMessages(request.messages);
      const body = {
        model: request.model,
        max_tokens: request.maxTokens ?? DEFAULT_ANTHROPIC_MAX_TOKENS,
        ...(system && messages.length > 0 ? { system } : {}),
        messages: messages.length > 0 ? messages : [{ role: "user", content: system }],
        ...(request.temperature !== undefined ? { temperature: Math.min(request.temperature, 1) } : {}),
        tools: request.tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          input_schema: tool.parameters,
        })),
        stream: true,
      };
      const response = await openProviderStream(
        { url: url("v1/messages"), headers: { ...headers, accept: "text/event-stream" }, body, secret },
        call,
      );
      return toToolStepStream(readToolStep(response, secret), secret);
    },

    async listModels(call) {
      const body = parseReply(
        anthropicModelsSchema,
        await requestProviderJson({ url: url("v1/models?limit=1000"), method: "GET", headers, secret }, call),
      );
      return (body?.data ?? []).map((model) => model.id).filter((id) => id !== undefined);
    },
  };
}

/** Reads a streamed step: `text_delta`s as they come, `tool_use` blocks with their input in JSON pieces. */
async function* readToolStep(
  response: Awaited<ReturnType<typeof openProviderStream>>,
  secret: string | null,
): AsyncGenerator<string, ToolStepResult> {
  let inputTokens: number | undefined;
  let outputTokens: number | undefined;
  let content = "";
  let finished = false;
  const toolUses = new Map<number, { id: string; name: string; json: string }>();
  try {
    for await (const event of parseServerSentEvents(response.body)) {
      const data = parseReply(anthropicStreamEventSchema, parseJson(event.data));
      if (!data) continue;
      const type = data.type ?? event.event;
      if (type === "message_start") {
        inputTokens = data.message?.usage?.input_tokens;
        outputTokens = data.message?.usage?.output_tokens;
      } else if (type === "content_block_start" && data.content_block?.type === "tool_use") {
        toolUses.set(data.index ?? toolUses.size, {
          id: data.content_block.id ?? "",
          name: data.content_block.name ?? "",
          json: "",
        });
      } else if (type === "content_block_delta") {
        if (data.delta?.type === "text_delta" && data.delta.text) {
          content += data.delta.text;
          yield data.delta.text;
        } else if (data.delta?.type === "input_json_delta") {
          const toolUse = toolUses.get(data.index ?? -1);
          if (toolUse) toolUse.json += data.delta.partial_json ?? "";
        }
      } else if (type === "message_delta") {
        outputTokens = data.usage?.output_tokens ?? outputTokens;
      } else if (type === "message_stop") {
        finished = true;
        break;
      } else if (type === "error") {
        throw new AiProviderError(
          `The provider failed mid-stream: ${redactSecret(parseReply(providerErrorSchema, data.error)?.message ?? "error", secret)}`,
        );
      }
    }
  } finally {
    response.close();
  }
  if (!finished) throw incompleteStreamError();
  const toolCalls = [...toolUses.entries()]
    .sort(([left], [right]) => left - right)
    .map(([, toolUse]) => {
      if (toolUse.name === "") throw new AiProviderError("The model made a tool call without a tool name");
      return toToolCall(toolUse.id, toolUse.name, toolUse.json);
    });
  return { content, toolCalls, usage: toUsage(inputTokens, outputTokens) };
}

/**
 * A conversation as the Messages API takes it: system messages apart, an assistant's tool calls as
 * `tool_use` blocks, and the results that follow them as one user message of `tool_result` blocks.
 */
function toAnthropicMessages(conversation: ToolConversationMessage[]) {
  type Block = Record<string, unknown>;
  const messages: { role: "user" | "assistant"; content: string | Block[] }[] = [];
  for (const message of conversation) {
    if (message.role === "system") continue;
    if (message.role === "tool") {
      const block = { type: "tool_result", tool_use_id: message.toolCallId, content: message.content };
      const last = messages.at(-1);
      const lastBlocks = last?.role === "user" && Array.isArray(last.content) ? last.content : null;
      if (lastBlocks?.every((item) => item.type === "tool_result")) lastBlocks.push(block);
      else messages.push({ role: "user", content: [block] });
      continue;
    }
    if (message.role === "assistant" && "toolCalls" in message && message.toolCalls.length > 0) {
      messages.push({
        role: "assistant",
        content: [
          ...(message.content === "" ? [] : [{ type: "text", text: message.content }]),
          ...message.toolCalls.map((call) => ({
            type: "tool_use",
            id: call.id,
            name: call.name,
            input: call.arguments,
          })),
        ],
      });
      continue;
    }
    messages.push({ role: message.role, content: message.content });
  }
  return messages;
}

/** System messages go to `system`; the others keep their order. */
function splitSystemPrompt(messages: AiModelMessage[]) {
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
