import type { AiBlockRequest, FlowSnapshot, SessionState } from "@parley/engine";
import { aiAgentBlock, difyBlock, getAiBlockDefinition, isAiBlock } from "@parley/schemas";
import { getContentVariableId, mapCompletion, prepareCompletion } from "../ai/actions/createChatCompletion";
import { readBlockTools, runToolLoop, type ToolLoopOutcome } from "../ai/actions/runToolLoop";
import { streamAiAgentTurn } from "../ai/agent/streamAiAgentTurn";
import type { AiServices } from "../ai/aiBlockContext";
import { createAiProvider } from "../ai/createAiProvider";
import { getCallOptions } from "../ai/executeAiBlock";
import { type AiOptions, readBlockBaseUrl, resolveAiEndpoint } from "../ai/resolveAiEndpoint";
import { integrationsEnv } from "../env";
import { streamDifyChat } from "../plugins/dify/streamDifyChat";
import {
  type PreparedStream,
  type StreamContext,
  type StreamedCompletion,
  streamedBlockScope,
} from "./streamedCompletion";

export type { PreparedStream, StreamContext, StreamedCompletion } from "./streamedCompletion";

/**
 * Opens the provider stream of the AI block (or Dify block) a session waits on (its `stream` action), with the
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
  if (block?.type === aiAgentBlock.type)
    return streamAiAgentTurn(flow, state, frame, block, context, services);
  if (block?.type === difyBlock.type)
    return streamDifyChat(block, { flow, state, frame }, context, services, waitFor.variableId);
  const definition = block ? getAiBlockDefinition(block.type) : undefined;
  if (!block || !isAiBlock(block) || !definition)
    return {
      ok: false,
      status: "NOT_STREAMING",
      error: "The streamed block is no longer in the flow",
      context,
    };
  const label = `${definition.catalogue.label} chat completion`;
  const request: AiBlockRequest = {
    block,
    ...streamedBlockScope(flow, state, frame),
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
  const blockTools = readBlockTools(options);
  if ("error" in blockTools) return { ok: false, status: "FAILED", error: blockTools.error, context };
  const provider = createAiProvider(resolved.endpoint);
  const call = getCallOptions({ ...services, deadline: undefined }, integrationsEnv.AI_STREAM_TIMEOUT_MS);
  try {
    if (blockTools.tools.length > 0) {
      // The tool steps run first; only the model's final text reaches the widget.
      const outcome = await runToolLoop(
        { request, provider, call, label: definition.catalogue.label },
        prepared.request,
        blockTools.tools,
      );
      if ("error" in outcome) return { ok: false, status: "FAILED", error: outcome.error, context };
      return { ok: true, context, completion: toToolLoopCompletion(label, outcome, mapping) };
    }
    const stream = await provider.stream(prepared.request, call);
    return {
      ok: true,
      context,
      completion: {
        label,
        stream,
        toVariableUpdates: (text) => mapCompletion(mapping, { content: text, usage: stream.getUsage() }),
        logs: [],
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

/** The final answer of a tool loop, streamed in the pieces the provider sent it in. */
function toToolLoopCompletion(
  label: string,
  outcome: ToolLoopOutcome,
  mapping: Parameters<typeof mapCompletion>[0],
): StreamedCompletion {
  async function* deltas() {
    yield* outcome.deltas;
  }
  return {
    label,
    stream: { deltas: deltas(), getUsage: () => outcome.usage },
    toVariableUpdates: (text) => [
      ...outcome.variableUpdates,
      ...mapCompletion(mapping, { content: text, usage: outcome.usage }),
    ],
    logs: outcome.logs,
  };
}
