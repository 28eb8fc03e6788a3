/** What one engine call returns: the new state, the response and the rows to persist. */
import type {
  ChatBubble,
  ChatInput,
  ChatLogInput,
  ChatMessage,
  ClientSideActionInput,
  DynamicThemeInput,
  MessageSource,
  StartFrom,
  TextBubbleContentFormat,
  VariableValue,
} from "@parley/schemas";
import type { FlowSnapshot } from "./flow";
import type { MessagingChannelName, SessionState } from "./state";

/**
 * The common part of startChat and continueChat responses, in the chat contract's types (fields
 * with defaults may be left out: the runtime fills them). Absent values are null here; the runtime
 * leaves them out of the response it sends (packages/chat's toWireTurnResponse).
 */
export interface TurnResponse {
  messages: ChatBubble[];
  input: ChatInput | null;
  clientSideActions: ClientSideActionInput[];
  /** Logs for the client: in live sessions those of HTTP requests and e-mails are left out (secrets). */
  logs: ChatLogInput[];
  dynamicTheme: DynamicThemeInput | null;
  /** 0–100 when the progress bar is enabled, else null. */
  progress: number | null;
  /** The reply as the engine formatted it (lower-cased e-mail, E.164 phone, formatted date, item label). */
  lastMessageNewFormat: string | null;
  /**
   * Beyond the contract: the sources of the AI agent answer the client streamed just before this turn
   * (its text is already shown; the turn that takes the streamed reply returns them). Null when none.
   */
  streamedMessageSources?: MessageSource[] | null;
  /** Beyond the contract: the visitor's language (BCP 47) when the bot has several, else null. */
  language?: string | null;
}

/**
 * What the caller knows of the visitor's language, by source (docs/languages.md); the bot's `detection` order
 * says which wins. The prefilled variables are the `variable` source.
 */
export interface LanguageHints {
  /** A language chosen outright, before the detection order: the builder preview's language picker. */
  chosen?: string;
  /** startChat's `language` (the embed option, an API client's choice). */
  embed?: string;
  /** The tags of the request's `Accept-Language`, most wanted first. */
  browser?: string[];
  /** The Telegram user's `language_code`. */
  telegram?: string;
  /** The language detected in a WhatsApp conversation's first message. */
  whatsapp?: string;
}

export interface ResultVariable {
  id: string;
  name: string;
  value: VariableValue;
}

/** What `startChat` runs on (the runtime builds it from the HTTP request and the stored bot). */
export interface StartChatParams {
  flow: FlowSnapshot;
  isPreview: boolean;
  /** The result this chat writes to (a random id in preview, where nothing is stored). */
  resultId: string;
  /** Remember-user: the stored result being continued (its variables are restored, indexes continue). */
  resumedResult?: { variables: ResultVariable[]; answerCount: number; visitedEdgeCount: number };
  /** Answers a flow that starts with an input directly (reference §2.4 step 7). */
  message?: ChatMessage;
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
  /** The session runs on a messaging channel (see `SessionState.isOnMessagingChannel`). */
  isOnMessagingChannel?: boolean;
  /** Which messaging channel (kept in the state: an inbox conversation names it). */
  messagingChannel?: MessagingChannelName;
  /** The visitor's language as the channel or request tells it. */
  languageHints?: LanguageHints;
}

/** What `continueChat` runs on. */
export interface ContinueChatParams {
  /** The snapshot `state.flowId` refers to. */
  flow: FlowSnapshot;
  state: SessionState;
  /** null or absent: continue without a reply (e.g. after a non-paused client action). */
  message?: ChatMessage | null;
  /**
   * The JSON text an external system posted to the waiting `webhook` block's executeWebhook URL.
   * Only this resumes that block before its timeout: a client's message cannot stand in for the call.
   */
  webhookBody?: string;
  textBubbleContentFormat: TextBubbleContentFormat;
  /** The payment input whose payment the server checked with the provider: the message answers it as paid. */
  verifiedPaymentBlockId?: string;
  /**
   * The caller hands `state` over (parsed for this turn alone, never read again): the engine then works on
   * it in place instead of on a deep copy. Otherwise the given state is never mutated.
   */
  isStateHandedOver?: boolean;
  /** Ends the session's `Human handoff` wait (only this does: the visitor's messages go to the inbox). */
  handoffEvent?: HandoffEvent;
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
  /** The visitor's language (BCP 47) when the bot has several; absent otherwise. */
  language?: string | null;
}

export type LogRecord = ChatLogInput & {
  resultId: string;
  botId: string;
};

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
  /** What the turn writes to the inbox (a `Human handoff` block reached, the visitor's messages to it). */
  handoff: HandoffOutcome;
}

/** A conversation a `Human handoff` block opened in the workspace's inbox. */
export interface OpenedHandoff {
  conversationId: string;
  botId: string;
  resultId: string;
  blockId: string;
  /** The queue it waits in (null: the workspace's general queue). */
  team: string | null;
  /** ISO 8601, or null: no pick-up limit. */
  pickUpTimeoutAt: string | null;
  /** ISO 8601: when the available agents are e-mailed if it still waits (null: no e-mail). */
  waitingEmailAt: string | null;
  /** The visitor's language (BCP 47) in a bot with several languages, for the agents; null otherwise. */
  language: string | null;
  /** The summary an AI agent's hand-over path passed on this turn, for the agents; null otherwise. */
  summary: string | null;
  /** The visitor's place in the queue when it opened (null: the queue is unknown). */
  queuePosition: number | null;
}

export interface HandoffOutcome {
  opened: OpenedHandoff | null;
  /** The visitor's messages to the conversation the session waits in, in order. */
  visitorMessages: { conversationId: string; text: string }[];
}

/**
 * What ends a handoff wait besides the visitor's messages: the agent closed the conversation
 * (`resume`: the flow goes on along the block's exit with the resolution and the variables the agent
 * set, by name; else the chat ends), or nobody took it in time (the fallback path).
 */
export type HandoffEvent =
  | { type: "closed"; resolution: string | null; resume: boolean; variables: Record<string, string> }
  | { type: "timedOut" };
