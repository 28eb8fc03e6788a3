import {
  AI_AGENT_STEP_LOG,
  type AiAgentTurnResult,
  type FlowFrame,
  type FlowSnapshot,
  type SessionState,
} from "@parley/engine";
import type { AiAgentBlock, ChatLogInput } from "@parley/schemas";
import {
  type PreparedStream,
  type StreamContext,
  streamedBlockScope,
} from "../../streaming/streamedCompletion";
import type { AiServices } from "../aiBlockContext";
import { runAiAgentTurn } from "./runAiAgentTurn";

/**
 * The AI agent's answer to the visitor's message a streaming session waits on: its tool steps run as
 * the body streams, each step's text is sent as the provider sends it, and once it ends the outcome (the
 * reply, its sources, the flow tool's step, the variables) is stored in the session for the continueChat
 * the client sends next; the agent's logs are stored with it.
 */
export function streamAiAgentTurn(
  flow: FlowSnapshot,
  state: SessionState,
  frame: FlowFrame,
  block: AiAgentBlock,
  context: StreamContext,
  services: AiServices,
): PreparedStream {
  const pending = state.aiAgentStream;
  if (pending?.blockId !== block.id || pending.outcome)
    return {
      ok: false,
      status: "NOT_STREAMING",
      error: "The AI agent has no message to answer",
      context,
    };
  const dialogue = state.aiAgentDialogue?.blockId === block.id ? state.aiAgentDialogue.messages : [];
  const logs: ChatLogInput[] = [];
  let result: AiAgentTurnResult | undefined;
  // A preview's step logs go with the outcome, to the continueChat that shows the answer.
  let previewSteps: ChatLogInput[] = [];
  async function* deltas(): AsyncGenerator<string> {
    const queue: string[] = [];
    let wake: (() => void) | undefined;
    let isDone = false;
    let failure: unknown;
    const notify = () => {
      wake?.();
      wake = undefined;
    };
    const running = runAiAgentTurn(
      {
        block,
        ...streamedBlockScope(flow, state, frame),
        dialogue,
        message: (pending as NonNullable<typeof pending>).message,
        // The language the last turn spoke (the engine keeps it in the state at each turn's end).
        language: state.language ?? null,
      },
      // The stream has its own time budget (AI_STREAM_TIMEOUT_MS per model step), not a turn's.
      { ...services, deadline: undefined },
      (delta) => {
        queue.push(delta);
        notify();
      },
    )
      .then(
        (done) => {
          result = done;
          previewSteps = done.logs.filter((log) => log.description === AI_AGENT_STEP_LOG);
          logs.push(...done.logs.filter((log) => log.description !== AI_AGENT_STEP_LOG));
        },
        (error: unknown) => {
          failure = error;
        },
      )
      .finally(() => {
        isDone = true;
        notify();
      });
    for (;;) {
      const next = queue.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      if (isDone) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
    await running;
    if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  }
  return {
    ok: true,
    context,
    completion: {
      label: "AI agent",
      stream: { deltas: deltas(), getUsage: () => null },
      toVariableUpdates: () => [],
      logs,
      // Without an outcome (the agent failed), the message stays pending: the next continueChat answers it.
      toSessionState: (current) =>
        result
          ? {
              ...current,
              aiAgentStream: {
                ...(pending as NonNullable<typeof pending>),
                outcome: {
                  reply: result.reply,
                  sources: result.sources,
                  isFallback: result.isFallback,
                  variableUpdates: result.variableUpdates,
                  step: result.step,
                  ...(previewSteps.length > 0 ? { previewSteps } : {}),
                },
              },
            }
          : current,
    },
  };
}
