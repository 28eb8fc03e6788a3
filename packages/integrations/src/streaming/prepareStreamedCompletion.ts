import {
  type AiBlockRequest,
  createVariableScope,
  type FlowSnapshot,
  parseVariables,
  type SessionState,
} from "@parley/engine";
import { getAiBlockDefinition, isAiBlock, type VariableValue } from "@parley/schemas";
import { getContentVariableId, mapCompletion, prepareCompletion } from "../ai/actions/createChatCompletion";
import type { AiServices } from "../ai/aiBlockContext";
import type { CompletionStream } from "../ai/aiTypes";
import { createAiProvider } from "../ai/createAiProvider";
import { getCallOptions } from "../ai/executeAiBlock";
import { type AiOptions, readBlockBaseUrl, resolveAiEndpoint } from "../ai/resolveAiEndpoint";
import { integrationsEnv } from "../env";

export interface StreamedCompletion {
  /** For logs: "OpenAI chat completion". */
  label: string;
  stream: CompletionStream;
  /** The variables to write once the whole text is known (content and token counts). */
  toVariableUpdates(text: string): { variableId: string; value: VariableValue }[];
}

export type PreparedStream =
  | { ok: true; completion: StreamedCompletion; context: StreamContext }
  | { ok: false; status: "NOT_STREAMING" | "FAILED"; error: string; context?: StreamContext };

/** Where the answer belongs: the session's current frame. */
export interface StreamContext {
  botId: string;
  resultId: string;
  blockId: string;
}

/**
 * Opens the provider stream of the AI block a session waits on (its `stream` action), with the
 * session's current variable values: the same request the block would have made inside the turn.
 */
export async function prepareStreamedCompletion(
  flow: FlowSnapshot,
  state: SessionState,
  services: AiServices,
): Promise<PreparedStream> {
  const waitFor = state.waitingFor;
  const frame = state.frames.at(-1);
  if (!frame || waitFor?.kind !== "dedicatedReply" || waitFor.action !== "stream")
    return { ok: false, status: "NOT_STREAMING", error: "The session is not waiting for a streamed answer" };
  const context: StreamContext = { botId: frame.botId, resultId: frame.resultId, blockId: waitFor.blockId };
  const block = flow.groups
    .flatMap((group) => group.blocks)
    .find((candidate) => candidate.id === waitFor.blockId);
  const definition = block ? getAiBlockDefinition(block.type) : undefined;
  if (!block || !isAiBlock(block) || !definition)
    return {
      ok: false,
      status: "NOT_STREAMING",
      error: "The streamed block is no longer in the flow",
      context,
    };
  const label = `${definition.catalogue.label} chat completion`;
  const scope = createVariableScope(flow, { ...frame.variables });
  const request: AiBlockRequest = {
    block,
    workspaceId: state.workspaceId,
    botId: frame.botId,
    resultId: frame.resultId,
    isPreview: state.isPreview,
    variables: flow.variables.map((variable) => ({
      id: variable.id,
      name: variable.name,
      value: frame.variables[variable.id] ?? null,
    })),
    parseVariables: (text) => parseVariables(text, scope),
    streamVariableId: null,
  };
  const options: AiOptions = block.options ?? {};
  const resolved = await resolveAiEndpoint(services.getPrisma(), {
    workspaceId: state.workspaceId,
    definition,
    credentialsId: options.credentialsId,
    blockBaseUrl: readBlockBaseUrl(definition, options),
  });
  if (!resolved.ok) return { ok: false, status: "FAILED", error: resolved.error, context };
  const prepared = prepareCompletion({ request, options, definition, label: definition.catalogue.label });
  if (!prepared.ok)
    return {
      ok: false,
      status: "FAILED",
      error: prepared.result.logs[0]?.description ?? "Invalid block",
      context,
    };
  const contentVariableId = getContentVariableId(prepared.mapping) ?? waitFor.variableId;
  const mapping = prepared.mapping.some((entry) => entry.variableId === contentVariableId)
    ? prepared.mapping
    : [...prepared.mapping, { item: "Message content", variableId: contentVariableId }];
  try {
    const stream = await createAiProvider(resolved.endpoint).stream(
      prepared.request,
      getCallOptions({ ...services, deadline: undefined }, integrationsEnv.AI_STREAM_TIMEOUT_MS),
    );
    return {
      ok: true,
      context,
      completion: {
        label,
        stream,
        toVariableUpdates: (text) => mapCompletion(mapping, { content: text, usage: stream.getUsage() }),
      },
    };
  } catch (error) {
    return {
      ok: false,
      status: "FAILED",
      error: error instanceof Error ? error.message : String(error),
      context,
    };
  }
}
