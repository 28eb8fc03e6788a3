import type { AiBlockResult } from "@parley/engine";
import type { VariableValue } from "@parley/schemas";
import { defaultAnthropicOptions, defaultMistralOptions, defaultOpenAiOptions } from "@parley/schemas";
import { resolveSafeHost } from "../../outbound/resolveSafeHost";
import { type AiActionContext, errorResult, readString } from "../aiBlockContext";
import type { CompletionRequest, CompletionResult, ProviderKind } from "../aiTypes";
import { AiProviderError } from "../aiTypes";
import {
  buildChatMessages,
  expandDialogue,
  type PromptMessage,
  readNumberOption,
} from "../buildChatMessages";
import { toProviderError } from "../providerHttp";

const defaultModels: Partial<Record<ProviderKind, string>> = {
  openai: defaultOpenAiOptions.model,
  anthropic: defaultAnthropicOptions.model,
  mistral: defaultMistralOptions.model,
};

export interface ResponseMappingEntry {
  item?: string;
  variableId?: string;
}

export type PreparedCompletion =
  | { ok: true; request: CompletionRequest; mapping: ResponseMappingEntry[] }
  | { ok: false; result: AiBlockResult };

/** The completion request a chat-completion block describes, with its variables replaced. */
export function prepareCompletion({
  request,
  options,
  kind,
  label,
}: Omit<AiActionContext, "provider" | "call" | "services" | "endpoint">): PreparedCompletion {
  const context = { variables: request.variables, parseVariables: request.parseVariables };
  const model = request.parseVariables(readString(options.model) ?? "").trim() || defaultModels[kind];
  if (!model) return { ok: false, result: errorResult(`${label}: no model selected`) };
  const messages = buildChatMessages((options.messages ?? []) as PromptMessage[], context);
  const systemMessage = readString(options.systemMessage);
  if (systemMessage) messages.unshift({ role: "system", content: request.parseVariables(systemMessage) });
  const dialogue = options.dialogue as { variableId?: string; startsBy?: string } | undefined;
  if (dialogue?.variableId)
    messages.push(...expandDialogue(dialogue.variableId, dialogue.startsBy, request.variables));
  if (messages.length === 0)
    return { ok: false, result: errorResult(`${label}: the block has no message to send`) };
  return {
    ok: true,
    request: {
      model,
      messages,
      temperature: readNumberOption(options.temperature, context),
      maxTokens: readNumberOption(options.maxTokens, context),
    },
    mapping: ((options.responseMapping ?? []) as ResponseMappingEntry[]).filter((entry) => entry.variableId),
  };
}

/** The variable that receives the message content (the first such mapping). */
export const getContentVariableId = (mapping: ResponseMappingEntry[]) =>
  mapping.find((entry) => (entry.item ?? "Message content") === "Message content")?.variableId;

/** Message content and token counts into the mapped variables. */
export function mapCompletion(mapping: ResponseMappingEntry[], result: CompletionResult) {
  const updates: { variableId: string; value: VariableValue }[] = [];
  for (const entry of mapping) {
    const value = readMappedValue(entry.item ?? "Message content", result);
    if (entry.variableId && value !== undefined) updates.push({ variableId: entry.variableId, value });
  }
  return updates;
}

function readMappedValue(item: string, result: CompletionResult): string | undefined {
  switch (item) {
    case "Message content":
      return result.content;
    case "Total tokens":
      return result.usage ? String(result.usage.totalTokens) : undefined;
    case "Prompt tokens":
      return result.usage ? String(result.usage.promptTokens) : undefined;
    case "Completion tokens":
      return result.usage ? String(result.usage.completionTokens) : undefined;
    default:
      return undefined;
  }
}

/**
 * Create chat completion / Create Chat Message. When the client streams and the next bubble shows
 * exactly the message-content variable, the answer is streamed by the viewer instead.
 */
export async function createChatCompletion(context: AiActionContext): Promise<AiBlockResult> {
  const prepared = prepareCompletion(context);
  if (!prepared.ok) return prepared.result;
  const contentVariableId = getContentVariableId(prepared.mapping);
  if (contentVariableId && context.request.streamVariableId === contentVariableId) {
    // The provider is called by the stream request; a base URL the rules refuse is reported now, in this turn.
    const refusal = await checkBaseUrl(context);
    if (refusal) return errorResult(`${context.label} chat completion failed`, refusal);
    return { variableUpdates: [], logs: [], stream: { variableId: contentVariableId } };
  }
  const toolsNote =
    Array.isArray(context.options.tools) && context.options.tools.length > 0
      ? [
          {
            status: "info" as const,
            description: `${context.label}: function tools are not supported; the model answered without them`,
          },
        ]
      : [];
  try {
    const result = await context.provider.complete(prepared.request, context.call);
    return { variableUpdates: mapCompletion(prepared.mapping, result), logs: toolsNote };
  } catch (error) {
    return errorResult(`${context.label} chat completion failed`, describeError(error));
  }
}

async function checkBaseUrl(context: AiActionContext): Promise<string | null> {
  try {
    const { hostname } = new URL(context.endpoint.baseUrl);
    await resolveSafeHost(hostname, { allowList: context.call.allowList, timeoutMs: context.call.timeoutMs });
    return null;
  } catch (error) {
    return toProviderError(error, null).message;
  }
}

export const describeError = (error: unknown) =>
  error instanceof AiProviderError ? error.message : "The provider request failed";
