/** What one engine call returns: the new state, the response and the rows to persist. */
import type { ChatLog, ChatReply, TextBubbleContentFormat, TurnResponse } from "./chat";
import type { FlowSnapshot, VariableValue } from "./flow";
import type { SessionState } from "./state";

export type StartFrom = { type: "group"; groupId: string } | { type: "event"; eventId: string };

export interface ResultVariable {
  id: string;
  name: string;
  value: VariableValue;
}

export interface StartChatRequest {
  flow: FlowSnapshot;
  isPreview: boolean;
  /** The result this chat writes to (a random id in preview, where nothing is stored). */
  resultId: string;
  /** Remember-user: the stored result being continued (its variables are restored, indexes continue). */
  resumedResult?: { variables: ResultVariable[]; answerCount: number; visitedEdgeCount: number };
  /** Answers a flow that starts with an input directly (reference §2.4 step 7). */
  message?: ChatReply;
  /** Values by variable name; unknown names are ignored. */
  prefilledVariables?: Record<string, unknown>;
  startFrom?: StartFrom;
  isStreamEnabled: boolean;
  /** Registers the session without running the flow; the first continueChat starts it. */
  isOnlyRegistering: boolean;
  textBubbleContentFormat: TextBubbleContentFormat;
  /** Preview override of the theme's progress bar setting. */
  isProgressBarEnabled?: boolean;
  /** Contact data when the channel knows it. */
  contact?: { name?: string; phoneNumber?: string };
}

export interface ContinueChatRequest {
  /** The snapshot `state.flowId` refers to. */
  flow: FlowSnapshot;
  state: SessionState;
  /** null or absent: continue without a reply (e.g. after a non-paused client action). */
  message?: ChatReply | null;
  textBubbleContentFormat: TextBubbleContentFormat;
}

/** A stored answer. `index` is its position in the result, unique per (resultId, index). */
export interface AnswerRecord {
  resultId: string;
  index: number;
  blockId: string;
  groupId: string;
  itemId?: string;
  variableId?: string;
  content: string;
  attachedFileUrls?: string[];
}

/** An edge taken off the default path (choice item, condition path, jump, link), for analytics. */
export interface VisitedEdgeRecord {
  resultId: string;
  index: number;
  edgeId: string;
}

export interface ResultUpdate {
  resultId: string;
  botId: string;
  /** The snapshot the result's chat runs on. */
  flowId: string;
  /** Non-session variables that hold a value. */
  variables: ResultVariable[];
  hasStarted: boolean;
  isCompleted: boolean;
}

export interface LogRecord extends ChatLog {
  resultId: string;
  botId: string;
}

export interface TurnOutcome {
  state: SessionState;
  response: TurnResponse;
  newAnswers: AnswerRecord[];
  visitedEdges: VisitedEdgeRecord[];
  /** The session's own result. */
  result: ResultUpdate;
  /** Results of linked bots run without mergeResults that this turn touched. */
  linkedResults: ResultUpdate[];
  /** Every log of the turn, including the ones left out of `response.logs`. */
  logsToPersist: LogRecord[];
  /** The conversation ended: no input, no pending client action, no waiting embed. */
  isCompleted: boolean;
}
