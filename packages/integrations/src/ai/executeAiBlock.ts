import type { AiBlockRequest, AiBlockResult } from "@parley/engine";
import {
  aiActions,
  anthropicBlock,
  getBlockDefinition,
  mistralBlock,
  openAiBlock,
  openAiCompatibleBlock,
} from "@parley/schemas";
import { integrationsEnv } from "../env";
import { createSpeechAction, createTranscriptionAction } from "./actions/audioActions";
import { createChatCompletion } from "./actions/createChatCompletion";
import { generateVariables } from "./actions/generateVariables";
import { type AiAction, type AiServices, errorResult, readString } from "./aiBlockContext";
import type { CallOptions, ProviderKind } from "./aiTypes";
import { createAiProvider } from "./createAiProvider";
import {
  providerKindOfBlockType,
  providerLabels,
  readBlockBaseUrl,
  resolveAiEndpoint,
} from "./resolveAiEndpoint";

/** Actions each provider runs; others (OpenAI Assistants, the Responses API) are logged and skipped. */
const actionsByKind: Record<ProviderKind, Partial<Record<string, AiAction>>> = {
  [openAiBlock.type]: {
    [aiActions.createChatCompletion]: createChatCompletion,
    [aiActions.generateVariables]: generateVariables,
    [aiActions.createSpeech]: createSpeechAction,
    [aiActions.createTranscription]: createTranscriptionAction,
  },
  [anthropicBlock.type]: {
    [aiActions.createChatMessage]: createChatCompletion,
    [aiActions.createChatCompletion]: createChatCompletion,
    [aiActions.generateVariables]: generateVariables,
  },
  [mistralBlock.type]: {
    [aiActions.createChatCompletion]: createChatCompletion,
    [aiActions.generateVariables]: generateVariables,
  },
  [openAiCompatibleBlock.type]: {
    [aiActions.createChatCompletion]: createChatCompletion,
    [aiActions.generateVariables]: generateVariables,
  },
};

/**
 * Runs one AI block: resolves its credentials inside the bot's workspace, then its action. Every
 * failure (missing credentials, refused address, provider error, timeout) is a log; the flow goes on.
 */
export async function executeAiBlock(request: AiBlockRequest, services: AiServices): Promise<AiBlockResult> {
  const kind = providerKindOfBlockType[request.block.type];
  if (!kind) return errorResult(`AI block "${request.block.type}" is not supported; skipped`);
  const label = providerLabels[kind];
  const options = (request.block.options ?? {}) as Record<string, unknown>;
  const actionName =
    readString(options.action) ??
    readString(options.task) ??
    (readString(getBlockDefinition(kind)?.defaults.action) as string);
  const action = actionsByKind[kind]?.[actionName];
  if (!action) return errorResult(`${label} action "${actionName}" is not supported by this server; skipped`);
  const resolved = await resolveAiEndpoint(services.getPrisma(), {
    workspaceId: request.workspaceId,
    kind,
    credentialsId: readString(options.credentialsId),
    blockBaseUrl: readBlockBaseUrl(kind, options),
  });
  if (!resolved.ok) return errorResult(`${label} block skipped`, resolved.error);
  return action({
    request,
    options,
    kind,
    label,
    endpoint: resolved.endpoint,
    provider: createAiProvider(resolved.endpoint),
    call: getCallOptions(services, integrationsEnv.AI_REQUEST_TIMEOUT_MS),
    services,
  });
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
