import type { SessionState } from "@parley/engine";
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
