import type { AiBlockRequest, AiBlockResult } from "@parley/engine";
import { type AiOperation, getAiBlockDefinition } from "@parley/schemas";
import { integrationsEnv } from "../env";
import { createSpeechAction, createTranscriptionAction } from "./actions/audioActions";
import { createChatCompletion } from "./actions/createChatCompletion";
import { generateVariables } from "./actions/generateVariables";
import { type AiAction, type AiServices, errorResult, readString } from "./aiBlockContext";
import type { CallOptions } from "./aiTypes";
import { createAiProvider } from "./createAiProvider";
import { type AiOptions, readBlockBaseUrl, resolveAiEndpoint } from "./resolveAiEndpoint";

/** What each operation runs; a kind's definition (`ai.actions`) says which of its actions is which. */
const operations: Record<AiOperation, AiAction> = {
  chatCompletion: createChatCompletion,
  generateVariables,
  createSpeech: createSpeechAction,
  createTranscription: createTranscriptionAction,
};

/**
 * Runs one AI block: resolves its credentials inside the bot's workspace, then its action. Every
 * failure (missing credentials, refused address, provider error, timeout) is a log; the flow goes on.
 * Actions the kind's definition does not list (OpenAI Assistants, the Responses API) are logged and skipped.
 */
export async function executeAiBlock(request: AiBlockRequest, services: AiServices): Promise<AiBlockResult> {
  const definition = getAiBlockDefinition(request.block.type);
  if (!definition) return errorResult(`AI block "${request.block.type}" is not supported; skipped`);
  const label = definition.catalogue.label;
  const options: AiOptions = request.block.options ?? {};
  const actionName =
    readString(options.action) ??
    readString("task" in options ? options.task : undefined) ??
    readString(definition.defaults.action);
  const operation = findOperation(definition.ai.actions, actionName);
  if (!operation)
    return errorResult(`${label} action "${actionName}" is not supported by this server; skipped`);
  const resolved = await resolveAiEndpoint(services.getPrisma(), {
    workspaceId: request.workspaceId,
    definition,
    credentialsId: readString(options.credentialsId),
    blockBaseUrl: readBlockBaseUrl(definition, options),
  });
  if (!resolved.ok) return errorResult(`${label} block skipped`, resolved.error);
  return operations[operation]({
    request,
    options,
    definition,
    label,
    endpoint: resolved.endpoint,
    provider: createAiProvider(resolved.endpoint),
    call: getCallOptions(services, integrationsEnv.AI_REQUEST_TIMEOUT_MS),
    services,
  });
}

/** The operation of an action the kind lists (its own keys only). */
function findOperation(
  actions: Readonly<Partial<Record<string, AiOperation>>>,
  actionName: string | undefined,
): AiOperation | undefined {
  return actionName !== undefined && Object.hasOwn(actions, actionName) ? actions[actionName] : undefined;
}

/** The call's time budget: the configured one, cut to end a second before the chat turn must. */
export function getCallOptions(services: AiServices, timeoutMs: number): CallOptions {
  const remaining = services.deadline ? services.deadline - Date.now() - 1_000 : timeoutMs;
  return {
    timeoutMs: Math.max(1, Math.min(timeoutMs, remaining)),
    signal: services.signal,
    allowList: services.allowList,
  };
}
