import { createId } from "@parley/db";
import { saveStreamedAnswer } from "@parley/db/queries/saveStreamedAnswer";
import { type FlowSnapshot, parseSessionState, type SessionState } from "@parley/engine";
import { applyStreamedAnswer } from "@parley/integrations/streaming/applyStreamedAnswer";
import type { StreamContext } from "@parley/integrations/streaming/prepareStreamedCompletion";
import { streamCompletionResponse } from "@parley/integrations/streaming/streamCompletionResponse";
import { readChatCredentialOrKeyless } from "@parley/platform/auth/readChatCredential";
import type { ChatLogInput } from "@parley/schemas";
import type { ChatRequestContext } from "../core/chatEndpoint";
import { ChatError } from "../core/chatErrors";
import type { ChatRuntime } from "../core/chatRuntime";
import { assertOriginAllowed } from "../core/http/cors";
import { loadSessionFlow } from "../core/persistence/loadSessionFlow";
import { readOpenSession, toAiAgentReads } from "../core/turns/readSessionForTurn";
import { toTypebotStream } from "../core/typebotProtocol";

/**
 * POST /api/v1/sessions/{sessionId}/streamMessage: the answer of the AI block the session waits on
 * (after a `stream` client action), as chunked text. The whole answer is stored in the session and
 * the result when the provider is done, even if the client left; the client then sends it back as
 * its dedicated reply (continueChat), as Typebot clients do.
 */
export async function streamMessage({
  request,
  scope,
  runtime,
  params,
}: ChatRequestContext<{ sessionId: string }>): Promise<Response> {
  const { sessionId } = params;
  const credential = readChatCredentialOrKeyless(request, runtime);
  const { session, caller, aiAgentRows } = await readOpenSession(runtime, { sessionId, credential, scope });
  const state = parseSessionState(session.state);
  const aiAgentReads = toAiAgentReads(session, state, aiAgentRows);
  const { flow, previewSnapshots } = await loadSessionFlow(runtime, session, state);
  assertOriginAllowed(request, caller, flow.settings);
  const frameFlow = await loadFrameFlow(runtime, state, flow, previewSnapshots);
  const prepared = await runtime.services.prepareStream(frameFlow, state, aiAgentReads);
  const pool = runtime.getPool();
  const save = (
    next: SessionState,
    context: StreamContext,
    log: { description: string; details: string } | null,
    earlier: ChatLogInput[] = [],
  ) =>
    saveStreamedAnswer(pool, {
      sessionId,
      expectedTurn: session.turn,
      state: next,
      result: session.isPreview ? null : toResultWrite(next, frameFlow, context),
      logs: session.isPreview
        ? []
        : [...earlier, ...(log ? [{ status: "error" as const, ...log }] : [])].map((entry) => ({
            id: createId(),
            botId: context.botId,
            resultId: context.resultId,
            status: entry.status,
            description: entry.description,
            details: entry.details ?? null,
            context: context.blockId,
          })),
    });
  if (!prepared.ok) {
    if (prepared.status === "NOT_STREAMING")
      throw new ChatError("BAD_REQUEST", { message: prepared.error, code: "NOT_STREAMING" });
    if (prepared.context)
      await save(state, prepared.context, {
        description: "AI answer could not be streamed",
        details: prepared.error,
      });
    throw new ChatError("BAD_REQUEST", { message: prepared.error, code: "AI_PROVIDER_ERROR" });
  }
  const { completion, context } = prepared;
  return streamCompletionResponse(
    completion,
    async ({ text, error }) => {
      const next = completion.toSessionState
        ? completion.toSessionState(state, text)
        : applyStreamedAnswer(state, completion.toVariableUpdates(text), text);
      await save(
        next,
        context,
        error ? { description: `${completion.label} failed mid-stream`, details: error } : null,
        completion.logs,
      );
    },
    (error) => scope.logger.error({ err: error, sessionId }, "streamed answer not saved"),
  );
}

/** The flow of the frame the session is in (a linked bot's, when the AI block is inside one). */
async function loadFrameFlow(
  runtime: ChatRuntime,
  state: SessionState,
  rootFlow: FlowSnapshot,
  previewSnapshots: Record<string, FlowSnapshot>,
): Promise<FlowSnapshot> {
  const frame = state.frames.at(-1);
  if (!frame || frame.flowId === rootFlow.id) return rootFlow;
  const flow = previewSnapshots[frame.flowId] ?? (await runtime.flows.getPublishedFlow(frame.flowId));
  if (!flow)
    throw new ChatError("BAD_REQUEST", {
      message: "The linked bot of the session is gone",
      code: "NOT_STREAMING",
    });
  return flow;
}

/** The result row's variables (non-session variables holding a value) of the frame that streamed. */
function toResultWrite(state: SessionState, flow: FlowSnapshot, context: StreamContext) {
  const frame = state.frames.at(-1);
  if (!frame || frame.isMergingWithParent) return null;
  const variables = flow.variables
    .filter((variable) => !variable.isSessionVariable && frame.variables[variable.id] !== undefined)
    .map((variable) => ({ id: variable.id, name: variable.name, value: frame.variables[variable.id] }));
  return { id: context.resultId, variables };
}

/**
 * POST /api/v2/sessions/{sessionId}/streamMessage (Typebot's path, docs/typebot-compat.md): the same answer in
 * the data stream Typebot's client reads (its `messages` body is ignored: the session's block decides).
 */
export async function streamTypebotMessage(
  context: ChatRequestContext<{ sessionId: string }>,
): Promise<Response> {
  return toTypebotStream(await streamMessage(context));
}
