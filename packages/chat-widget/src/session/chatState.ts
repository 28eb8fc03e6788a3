import type {
  ChatBubble,
  ChatInput,
  ChatLog,
  DynamicTheme,
  MessageSource,
  Settings,
  Theme,
} from "@parley/schemas";

export type ChatEntry =
  | { kind: "host"; key: string; bubble: ChatBubble; isTyping: boolean }
  | { kind: "guest"; key: string; text: string; attachedFileUrls?: string[] }
  /** Host text arriving from a stream (AI completions); an AI agent's sources come after it. */
  | { kind: "stream"; key: string; text: string; isStreaming?: boolean; sources?: MessageSource[] };

export type ChatNotice =
  | { kind: "networkError" }
  | { kind: "popupBlocked"; url: string }
  | { kind: "uploadError"; message: string };

export type ChatStatus =
  /** Before the first answer of startChat. */
  | "starting"
  | "running"
  /** The flow reached its end. */
  | "ended"
  /** startChat answered BOT_CLOSED. */
  | "closed"
  /** The chat cannot go on (unknown bot, expired session, refused key…). */
  | "failed";

export interface ChatState {
  status: ChatStatus;
  entries: ChatEntry[];
  /** The input to answer, once the bubbles before it are displayed. */
  input: ChatInput | null;
  /** Text restored into the input after a failed send (nothing typed is lost), or set by the host page. */
  inputDraft: string | null;
  /** Incremented when the host page sets the input's text: the field shows the new draft. */
  inputDraftVersion: number;
  /** Waiting for the server or revealing bubbles: shows the typing indicator. */
  isWaiting: boolean;
  progress: number | null;
  dynamicTheme: DynamicTheme | null;
  theme: Theme;
  settings: Settings;
  notice: ChatNotice | null;
  /** Message shown instead of the chat (closed bot, fatal error). */
  failureMessage: string | null;
  sessionId: string | null;
  resultId: string | null;
  /** Logs of the latest turn (a payment input shows the server's configuration error from them). */
  logs: ChatLog[];
  /** The webhook call (listenId) the chat waits for: a remembered chat polls for it again after a reload. */
  pendingListenId: string | null;
  /** The conversation's language (BCP 47) when the bot has several: the widget's `lang` and `dir` follow it. */
  language: string | null;
  /** The inbox conversation the chat waits in (a Human handoff): its event stream is open meanwhile. */
  agentConversationId: string | null;
  /** The session event last received: a reconnection (or a remembered chat's reload) resumes after it. */
  lastAgentEventId: string | null;
  /** An inbox agent is typing: shows the typing indicator. */
  isAgentTyping: boolean;
}

export function createInitialState(theme: Theme, settings: Settings): ChatState {
  return {
    status: "starting",
    entries: [],
    input: null,
    inputDraft: null,
    inputDraftVersion: 0,
    isWaiting: true,
    progress: null,
    dynamicTheme: null,
    theme,
    settings,
    notice: null,
    failureMessage: null,
    sessionId: null,
    resultId: null,
    logs: [],
    pendingListenId: null,
    language: null,
    agentConversationId: null,
    lastAgentEventId: null,
    isAgentTyping: false,
  };
}
