import type { AiBlockResult } from "@parley/engine";
import type { AiMessage, AiResponseMapping, VariableValue } from "@parley/schemas";
import { z } from "zod";
import { resolveSafeHost } from "../../outbound/resolveSafeHost";
import { type AiActionContext, errorResult, readString } from "../aiBlockContext";
import type { CompletionRequest, CompletionResult } from "../aiTypes";
import { AiProviderError } from "../aiTypes";
import { buildChatMessages, expandDialogue, readNumberOption } from "../buildChatMessages";
import { optionalString, parseReply, toProviderError } from "../providerHttp";
import { readBlockTools, runToolLoop } from "./runToolLoop";

const withLogs = (result: AiBlockResult, logs: AiBlockResult["logs"]): AiBlockResult => ({
  ...result,
  logs: [...logs, ...result.logs],
});

export type PreparedCompletion =
  | { ok: true; request: CompletionRequest; mapping: AiResponseMapping[] }
  | { ok: false; result: AiBlockResult };

/**
 * The conversation appended after the messages (OpenAI-compatible blocks: a list variable of
 * alternating turns). Other kinds keep imported fields as they came, so it is read leniently.
 */
const dialogueSchema = z.object({ variableId: optionalString, startsBy: optionalString });

/**
 * The completion request a chat-completion block describes, with its variables replaced;
 * `messages` replaces the block's own prompt (Generate variables adds its prompt to them).
 */
export function prepareCompletion(
  {
    request,
    options,
    definition,
    label,
  }: Pick<AiActionContext, "request" | "options" | "definition" | "label">,
  messages: AiMessage[] = options.messages ?? [],
): PreparedCompletion {
  const context = { variables: request.variables, parseVariables: request.parseVariables };
  const model =
    request.parseVariables(readString(options.model) ?? "").trim() || readString(definition.defaults.model);
  if (!model) return { ok: false, result: errorResult(`${label}: no model selected`) };
  const built = buildChatMessages(messages, context);
  const systemMessage = readString("systemMessage" in options ? options.systemMessage : undefined);
  if (systemMessage) built.unshift({ role: "system", content: request.parseVariables(systemMessage) });
  const dialogue = "dialogue" in options ? parseReply(dialogueSchema, options.dialogue) : undefined;
  if (dialogue?.variableId)
    built.push(...expandDialogue(dialogue.variableId, dialogue.startsBy, request.variables));
  if (built.length === 0)
    return { ok: false, result: errorResult(`${label}: the block has no message to send`) };
  return {
    ok: true,
    request: {
      model,
      messages: built,
      temperature: readNumberOption(options.temperature, context),
      maxTokens: readNumberOption(options.maxTokens, context),
    },
    mapping: toMapping(options.responseMapping ?? []),
  };
}

/** The mappings that name a variable. */
const toMapping = (entries: readonly AiResponseMapping[]) => entries.filter((entry) => entry.variableId);

/** The variable that receives the message content (the first such mapping). */
export const getContentVariableId = (mapping: AiResponseMapping[]) =>
  mapping.find((entry) => (entry.item ?? "Message content") === "Message content")?.variableId;

/** Message content and token counts into the mapped variables. */
export function mapCompletion(mapping: AiResponseMapping[], result: CompletionResult) {
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
  const blockTools = readBlockTools(context.options);
  if ("error" in blockTools) return errorResult(`${context.label} chat completion skipped`, blockTools.error);
  const contentVariableId = getContentVariableId(prepared.mapping);
  if (contentVariableId && context.request.streamVariableId === contentVariableId) {
    // The provider is called by the stream request; a base URL the rules refuse is reported now, in this turn.
    const refusal = await checkBaseUrl(context);
    if (refusal) return errorResult(`${context.label} chat completion failed`, refusal);
    return { variableUpdates: [], logs: [], stream: { variableId: contentVariableId } };
  }
  try {
    if (blockTools.tools.length === 0) {
      const result = await context.provider.complete(prepared.request, context.call);
      return { variableUpdates: mapCompletion(prepared.mapping, result), logs: [] };
    }
    const outcome = await runToolLoop(context, prepared.request, blockTools.tools);
    if ("error" in outcome)
      return withLogs(errorResult(`${context.label} chat completion failed`, outcome.error), outcome.logs);
    return {
      // The variables the tools' code set come first: a mapped answer wins over them.
      variableUpdates: [...outcome.variableUpdates, ...mapCompletion(prepared.mapping, outcome)],
      logs: outcome.logs,
    };
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
