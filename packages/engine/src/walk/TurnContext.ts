import type {
  ChatBubble,
  ChatInput,
  ChatLogInput,
  ClientSideActionInput,
  MessageSource,
  TextBubbleContentFormat,
} from "@parley/schemas";
import { getFlowIndex, type SnapshotIndex } from "../flow/getFlowIndex";
import { getLocalizedFlow, readVisitorLanguage } from "../languages/sessionLanguage";
import type { EnginePorts } from "../ports";
import type { FlowSnapshot } from "../types/flow";
import type {
  AnswerRecord,
  HandoffEvent,
  HandoffOutcome,
  ResultUpdate,
  VisitedEdgeRecord,
} from "../types/outcome";
import type { ReplayProgress } from "../types/replay";
import type { FlowFrame, SessionState } from "../types/state";
import { createVariableScope, type VariableScope } from "../variables/VariableScope";

export interface TurnLog {
  log: ChatLogInput;
  resultId: string;
  botId: string;
  /** Left out of live responses (HTTP request and e-mail details may hold secrets). */
  isHiddenFromLiveClient: boolean;
}

/** Everything one turn accumulates; the state is the turn's own copy and is mutated in place. */
export interface TurnContext {
  ports: EnginePorts;
  state: SessionState;
  /** Snapshots of the bots in play, by snapshot id. */
  flows: Map<string, FlowSnapshot>;
  format: TextBubbleContentFormat;
  messages: ChatBubble[];
  clientSideActions: ClientSideActionInput[];
  logs: TurnLog[];
  newAnswers: AnswerRecord[];
  visitedEdges: VisitedEdgeRecord[];
  /** Results written this turn besides the root one. */
  touchedResultIds: Set<string>;
  /** Results of linked bots that finished this turn, as they were at the end. */
  finishedResults: Map<string, ResultUpdate>;
  input: ChatInput | null;
  lastMessageNewFormat: string | null;
  /** The sources of the AI agent answer the client streamed before this turn (see `TurnResponse`). */
  streamedMessageSources: MessageSource[] | null;
  lastBubbleBlockId: string | undefined;
  emailsSent: number;
  /** E-mails sent this turn (recipients, subject, body), to refuse sending one twice. */
  sentEmailFingerprints: Set<string>;
  executedBlockCount: number;
  /**
   * Blocks entered this turn (by frame depth, flow and block): null after the first entry, then the
   * fingerprints of the session's frames each time the walk entered the block again. The same fingerprint
   * twice means the flow loops without changing anything.
   */
  blockEntries: Map<string, Set<string> | null>;
  /** Set only by `replayTranscript`: blocks are replayed from a stored result instead of run. */
  replay: ReplayProgress | null;
  /** The payment input the server verified the payment of this turn (messaging sessions). */
  verifiedPaymentBlockId: string | null;
  /** What ends a `Human handoff` wait this turn (an agent's close, the pick-up timeout), if anything. */
  handoffEvent: HandoffEvent | null;
  /** Inbox writes of the turn. */
  handoff: HandoffOutcome;
  /**
   * The summary an AI agent's hand-over path passed this turn: the Human handoff block the walk reaches next
   * (before it waits for the visitor) records it on the conversation it opens.
   */
  handoverSummary: string | null;
}

export const createTurnContext = (
  ports: EnginePorts,
  state: SessionState,
  flows: FlowSnapshot[],
  format: TextBubbleContentFormat,
): TurnContext => ({
  ports,
  state,
  flows: new Map(flows.map((flow) => [flow.id, flow])),
  format,
  messages: [],
  clientSideActions: [],
  logs: [],
  newAnswers: [],
  visitedEdges: [],
  touchedResultIds: new Set(),
  finishedResults: new Map(),
  input: null,
  lastMessageNewFormat: null,
  streamedMessageSources: null,
  lastBubbleBlockId: undefined,
  emailsSent: 0,
  sentEmailFingerprints: new Set(),
  executedBlockCount: 0,
  blockEntries: new Map(),
  replay: null,
  verifiedPaymentBlockId: null,
  handoffEvent: null,
  handoff: { opened: null, visitorMessages: [] },
  handoverSummary: null,
});

/** Forgets what the walk ran so far: an answer starts a new turn (live, or in a replayed transcript). */
export const resetTurnWork = (ctx: TurnContext): void => {
  ctx.executedBlockCount = 0;
  ctx.blockEntries.clear();
};

export const getCurrentFrame = (ctx: TurnContext): FlowFrame => {
  const frame = ctx.state.frames.at(-1);
  if (!frame) throw new Error("Session state has no flow frame");
  return frame;
};

/** The snapshot a frame runs on, in the visitor's language (the snapshot itself for a one-language bot). */
export const getFrameFlow = (ctx: TurnContext, frame: FlowFrame): FlowSnapshot => {
  const flow = ctx.flows.get(frame.flowId);
  if (!flow) throw new Error(`Flow ${frame.flowId} is not loaded`);
  if (!flow.settings.languages) return flow;
  return getLocalizedFlow(flow, getVisitorLanguage(ctx));
};

/** The language the visitor speaks now (the Language variable as the flow set it, else the start's choice). */
export const getVisitorLanguage = (ctx: TurnContext): string | null => {
  const root = ctx.state.frames[0];
  return readVisitorLanguage(ctx.state, root ? ctx.flows.get(root.flowId) : undefined, root);
};

export const getCurrentFlow = (ctx: TurnContext): FlowSnapshot => getFrameFlow(ctx, getCurrentFrame(ctx));

export const getCurrentIndex = (ctx: TurnContext): SnapshotIndex => getFlowIndex(getCurrentFlow(ctx));

/** The variables of the bot the walk is in; writes go straight into the state. */
export const getCurrentScope = (ctx: TurnContext): VariableScope => {
  const frame = getCurrentFrame(ctx);
  return createVariableScope(getFrameFlow(ctx, frame), frame.variables);
};

export const addLog = (
  ctx: TurnContext,
  log: ChatLogInput,
  options: { isHiddenFromLiveClient?: boolean } = {},
): void => {
  const frame = getCurrentFrame(ctx);
  ctx.logs.push({
    log,
    resultId: frame.resultId,
    botId: frame.botId,
    isHiddenFromLiveClient: options.isHiddenFromLiveClient ?? false,
  });
};

/** Adds a client action, to run after the last bubble shown so far. */
export const addClientSideAction = (ctx: TurnContext, action: ClientSideActionInput): void => {
  ctx.clientSideActions.push(
    ctx.lastBubbleBlockId ? { ...action, lastBubbleBlockId: ctx.lastBubbleBlockId } : action,
  );
};
