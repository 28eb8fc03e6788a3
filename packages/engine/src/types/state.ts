/**
 * Session state: everything the engine needs between turns, JSON-serialisable and versioned.
 * It references flows by snapshot id and never contains them, so its size does not grow with the flow.
 */
import type {
  AudioBubbleBlock,
  aiAgentBlock,
  ChatLogInput,
  ChatMessage,
  humanHandoffBlock,
  ImageBubbleBlock,
  MessageSource,
  TextBubbleBlock,
  VariableValue,
  VideoBubbleBlock,
  webhookBlock,
} from "@parley/schemas";

export const SESSION_STATE_VERSION = 1;

/** A place in a flow: the block itself (`at`) or what comes after it (`after`). */
export interface FlowPosition {
  groupId: string;
  blockId: string;
  mode: "at" | "after";
}

/** What the session waits for. */
export type WaitPoint =
  | { kind: "input"; groupId: string; blockId: string }
  | {
      kind: "dedicatedReply";
      groupId: string;
      blockId: string;
      /** Which client-side action's result the next message carries. */
      action:
        | "setVariable"
        | "httpRequest"
        | "wait"
        | "embedEvent"
        | "stream"
        | (typeof webhookBlock)["type"]
        | (typeof aiAgentBlock)["type"]
        | (typeof humanHandoffBlock)["type"];
      /** Where the reply is stored (set variable, embed event data, stream text). */
      variableId?: string;
      /** `webhook` only: the listen the client polls, and when the flow goes on without the call. */
      webhook?: WebhookListen;
      /** `Human handoff` only: the inbox conversation the session waits in. */
      handoff?: HandoffWait;
    };

/** A `Human handoff` block waiting for an agent to close its conversation. */
export interface HandoffWait {
  conversationId: string;
  /** ISO 8601: when nobody has taken it by then, the fallback path is taken (null: no limit). */
  pickUpTimeoutAt: string | null;
}

/** A `webhook` block waiting for its call. */
export interface WebhookListen {
  listenId: string;
  /** ISO 8601. */
  timeoutAt: string;
}

/** Where a `Return` block (or a reply/command event's flow) comes back to. */
export interface ReturnMark extends FlowPosition {
  /** Reply event: the reply to resubmit to the input when the event's flow returns. */
  autoResumeReply?: ChatMessage;
}

/** One bot in play: the root bot, or a bot reached through a `Bot link`. */
export interface FlowFrame {
  flowId: string;
  botId: string;
  resultId: string;
  /** Linked with `mergeResults`: answers and variables go to the parent's result. */
  isMergingWithParent: boolean;
  /** Current values by variable id. */
  variables: Record<string, VariableValue>;
  /** Where to go when the current path ends (last in, first out). */
  resumePoints: FlowPosition[];
  returnMark: ReturnMark | null;
  /** Runs started so far by each `Loop` block whose group is running (by block id). */
  loopIterations?: Record<string, number>;
}

/** Per-result counters, so answer and visited-edge indexes continue across turns. */
export interface ResultProgress {
  botId: string;
  flowId: string;
  answerCount: number;
  visitedEdgeCount: number;
  /** Latest answer per key (variable name or group title), for the default bodies of HTTP requests and e-mails. */
  answers: { key: string; value: string }[];
  /** Server-side sendings of each HTTP request block so far (by block id), for its Idempotency-Key. */
  httpRequestVisits?: Record<string, number>;
  /** Payment intents asked for by each payment input so far (by block id), for their Idempotency-Key. */
  paymentVisits?: Record<string, number>;
}

export interface TranscriptEntry {
  role: "bot" | "user";
  type:
    | TextBubbleBlock["type"]
    | ImageBubbleBlock["type"]
    | VideoBubbleBlock["type"]
    | AudioBubbleBlock["type"];
  text: string;
}

export interface SessionState {
  version: typeof SESSION_STATE_VERSION;
  /** The bot the session was started on and the snapshot it runs on. */
  flowId: string;
  botId: string;
  workspaceId: string;
  isPreview: boolean;
  isStreamEnabled: boolean;
  /** [root, ...linked bots]; the walk is in the last one. */
  frames: FlowFrame[];
  /** Counters per result id. */
  results: Record<string, ResultProgress>;
  /** null: not started yet (registered only, or restarted after an update) or ended. */
  waitingFor: WaitPoint | null;
  /** Present when the progress bar is enabled. */
  progress: { answered: number; lastValue: number } | null;
  /** Kept only when a flow of the session uses the Transcript value of Set variable. */
  transcript: TranscriptEntry[] | null;
  /** Contact data when the channel knows it (Phone number / Contact name values of Set variable). */
  contact: { name?: string; phoneNumber?: string } | null;
  /** The conversation of the AI agent the session waits on (its last messages), absent otherwise. */
  aiAgentDialogue?: AiAgentDialogueState;
  /**
   * A streaming client's message to the AI agent: kept while the answer streams (POST …/streamMessage),
   * which stores the agent's outcome here; the continueChat that follows applies it.
   */
  aiAgentStream?: AiAgentStreamState;
  /**
   * The visitor's language (one of the root bot's languages), chosen at the start and moved when the flow sets
   * the Language variable; absent for a one-language bot (docs/languages.md).
   */
  language?: string;
  /** A messaging channel's session: its replies are typed text, so none of them counts as a payment. */
  isOnMessagingChannel?: true;
  /** Which messaging channel the session runs on (absent on sessions started before it was kept). */
  messagingChannel?: MessagingChannelName;
  isCompleted: boolean;
}

/** The AI agent a session waits on: its conversation, and what the runtime reads with the session for it. */
export interface AiAgentDialogueState {
  blockId: string;
  messages: { role: "user" | "assistant"; content: string }[];
  /**
   * The ids the agent's next message needs read (its model's credentials, its knowledge bases): the runtime
   * reads them with the session, in the turn's own read statement. Absent in states stored before they were
   * kept; the agent then reads them itself.
   */
  reads?: { credentialsId: string | null; knowledgeBaseIds: string[] };
}

/** The visitor's message an AI agent answers by streaming, and, once streamed, the agent's outcome. */
export interface AiAgentStreamState {
  blockId: string;
  message: string;
  /** The index of the visitor's message among the result's answers (null without a result). */
  answerIndex: number | null;
  /** Set by the stream once the answer is complete (its logs are stored with it, not here). */
  outcome?: {
    reply: string;
    sources: MessageSource[];
    isFallback: boolean;
    variableUpdates: { variableId: string; value: VariableValue }[];
    step: { type: "stay" } | { type: "path"; itemId: string; summary?: string } | { type: "end" };
    /** A preview's step logs (`AI_AGENT_STEP_LOG`), given to the builder's preview with the answer. */
    previewSteps?: ChatLogInput[];
  };
}

/** The messaging channels a session may run on, as an inbox conversation names them. */
export type MessagingChannelName = "whatsapp" | "telegram";
