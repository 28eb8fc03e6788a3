import {
  createVariableScope,
  type FlowFrame,
  type FlowSnapshot,
  parseVariables,
  type SessionState,
} from "@parley/engine";
import type { ChatLogInput, VariableValue } from "@parley/schemas";
import type { CompletionStream } from "../ai/aiTypes";

export interface StreamedCompletion {
  /** For logs: "OpenAI chat completion". */
  label: string;
  stream: CompletionStream;
  /** The variables to write once the whole text is known (content and token counts). */
  toVariableUpdates(text: string): { variableId: string; value: VariableValue }[];
  /** What happened before the answer streamed (the block's tools that failed), stored with it. */
  logs: ChatLogInput[];
  /** The session once the answer is complete, when the block keeps more than variables (the AI agent). */
  toSessionState?(state: SessionState, text: string): SessionState;
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
 * What a streamed block's request says of the conversation it runs in: the session's workspace, bot and
 * result, the flow's variables with the frame's values, and the substitution of variables in its texts.
 */
export function streamedBlockScope(flow: FlowSnapshot, state: SessionState, frame: FlowFrame) {
  const scope = createVariableScope(flow, { ...frame.variables });
  return {
    workspaceId: state.workspaceId,
    botId: frame.botId,
    resultId: frame.resultId,
    isPreview: state.isPreview,
    variables: flow.variables.map((variable) => ({
      id: variable.id,
      name: variable.name,
      value: frame.variables[variable.id] ?? null,
    })),
    parseVariables: (text: string) => parseVariables(text, scope),
  };
}
