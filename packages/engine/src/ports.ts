/**
 * Everything impure the engine needs, injected by the runtime. The engine never imports a network,
 * database, clock or random source itself; tests pass deterministic implementations.
 */
import type {
  AiAgentBlock,
  AiBlock,
  Block,
  CalComBlock,
  ChatLogInput,
  ChatNodeBlock,
  ClientSideActionInput,
  DifyBlock,
  ElevenLabsBlock,
  GmailBlock,
  Group,
  HttpMethod,
  MessageSource,
  NocoDbBlock,
  PostHogBlock,
  SegmentBlock,
  VariableValue,
  ZendeskBlock,
} from "@parley/schemas";
import type { FlowSnapshot } from "./types/flow";

/** A request the engine asks the runtime to send (URL checked against the SSRF rules there). */
export interface OutgoingHttpRequest {
  url: string;
  method: HttpMethod;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /**
   * What identifies this sending for the receiver's de-duplication (the runtime derives the
   * `Idempotency-Key` header from it): the same result, block and visit give the same key.
   */
  idempotency?: { resultId: string; blockId: string; visit: number };
}

export type HttpResult =
  | { ok: true; status: number; headers: Record<string, string>; body: string }
  | {
      ok: false;
      /** BLOCKED: refused by the SSRF rules; TIMEOUT; TOO_LARGE: response over the size limit; NETWORK. */
      error: { code: "BLOCKED" | "TIMEOUT" | "TOO_LARGE" | "NETWORK" | "INVALID_URL"; message: string };
    };

/** A value handed to user code: identifiers in scope, values type-guessed by the engine. */
export interface CodeArgument {
  /** A valid JS identifier (variable ids are used for `{{Variable}}` references). */
  name: string;
  value: unknown;
}

export interface RunCodeRequest {
  /** Body of an async function; `return` gives the result. `setVariable(name, value)` is in scope. */
  code: string;
  args: CodeArgument[];
  timeoutMs: number;
}

export type CodeResult =
  | {
      ok: true;
      /** The returned value (copied out of the sandbox as plain JSON data). */
      value: unknown;
      /** Calls of `setVariable(name, value)` made by the code, in order. */
      setVariables: { name: string; value: unknown }[];
    }
  | SandboxFailure;

/**
 * The code failed, or (`isSandboxUnavailable`) the sandbox could not run it at all (its native module does not
 * load): then no fallback applies (the source is never shown as a value); the block fails with this error.
 */
export type SandboxFailure = { ok: false; error: string; isSandboxUnavailable?: boolean };

export interface EvaluateExpressionRequest {
  /** A JavaScript expression (inline `{{= … =}}` code, or an HTTP response mapping path). */
  expression: string;
  scope: Record<string, unknown>;
  timeoutMs: number;
}

export type ExpressionResult = { ok: true; value: unknown } | SandboxFailure;

export interface LoadBotRequest {
  botId: string;
  /** Only bots of this workspace may be loaded; any other answers null. */
  workspaceId: string;
  /** Preview loads the draft, live the current published version. */
  isPreview: boolean;
  /** When set: that exact snapshot (a session resuming inside a linked bot); null if it is gone. */
  flowId?: string;
}

/** A variable as integrations see it. */
export interface VariableView {
  id: string;
  name: string;
  value: VariableValue;
}

export interface SendEmailRequest {
  workspaceId: string;
  botId: string;
  resultId: string;
  credentialsId: string | null;
  recipients: string[];
  cc: string[];
  bcc: string[];
  replyTo: string | null;
  subject: string;
  /** null: the default summary of the result's answers. */
  body: string | null;
  isHtml: boolean;
  attachmentUrls: string[];
  answers: { key: string; value: string }[];
}

export type PortResult = { ok: true } | { ok: false; error: string };

/** `isQueued`: the e-mail is stored to be sent after the turn (its failure, if any, is logged then). */
export type SendEmailResult = PortResult | { ok: true; isQueued: true };

export interface AiBlockRequest {
  block: AiBlock;
  workspaceId: string;
  botId: string;
  resultId: string;
  isPreview: boolean;
  variables: VariableView[];
  /** Replaces `{{Variable}}` references with the current values. */
  parseVariables(text: string): string;
  /** Set when the client streams and the next bubble shows exactly this variable. */
  streamVariableId: string | null;
}

export interface AiBlockResult {
  variableUpdates: { variableId: string; value: VariableValue }[];
  logs: ChatLogInput[];
  /** Answer through the `stream` client action; the streamed text is stored into `variableId`. */
  stream?: { variableId: string };
}

export interface AiPort {
  /** Block types this port executes (`openai`, `anthropic`, `mistral`, `openai-compatible`). */
  blockTypes: readonly string[];
  executeBlock(request: AiBlockRequest): Promise<AiBlockResult>;
}

/** A message of an AI agent's conversation with the visitor, kept in the session between turns. */
export interface AiAgentDialogueMessage {
  role: "user" | "assistant";
  content: string;
}

/** One visitor message for an AI agent: its conversation so far, the message, the values in scope. */
export interface AiAgentTurnRequest {
  block: AiAgentBlock;
  workspaceId: string;
  botId: string;
  resultId: string;
  isPreview: boolean;
  variables: VariableView[];
  /** Replaces `{{Variable}}` references with the current values. */
  parseVariables(text: string): string;
  /** Earlier messages with this agent, oldest first (the new message is not among them). */
  dialogue: AiAgentDialogueMessage[];
  message: string;
  /**
   * The visitor's language (BCP 47) in a bot with several languages, which the instructions name so the model
   * answers in it; null for a one-language bot (docs/languages.md).
   */
  language: string | null;
}

/** Where the conversation goes after the answer: stays with the agent, follows a path (item), or ends. */
/**
 * Where an agent's turn sends the flow: it stays, follows a path (a hand-over path with the summary the model
 * passed), or ends the conversation.
 */
export type AiAgentFlowStep =
  | { type: "stay" }
  | { type: "path"; itemId: string; summary?: string }
  | { type: "end" };

export interface AiAgentTurnResult {
  /** What the visitor is told (the fallback text when `isFallback`); empty: nothing to say. */
  reply: string;
  /** The knowledge sources the answer is grounded in, in citation order. */
  sources: MessageSource[];
  /** The agent did not give a supported answer (no answer in the knowledge, a failure, a limit reached). */
  isFallback: boolean;
  /** Set-variable tools' writes. */
  variableUpdates: { variableId: string; value: VariableValue }[];
  step: AiAgentFlowStep;
  logs: ChatLogInput[];
}

/** The AI agent block's side: the model steps, knowledge searches and tools of one visitor message. */
export interface AiAgentPort {
  runTurn(request: AiAgentTurnRequest): Promise<AiAgentTurnResult>;
}

export interface PaymentIntentRequest {
  workspaceId: string;
  /** The payment input asking for it. */
  blockId: string;
  isPreview: boolean;
  credentialsId: string | null;
  provider: string;
  amount: string;
  currency: string;
  description?: string;
  receiptEmail?: string;
  /**
   * What identifies this payment for the provider's de-duplication (the runtime derives the
   * `Idempotency-Key` from it with the amount and currency): the same result, block and visit, asked
   * again (a retried turn), give the same key; the next pass through the block a new one.
   */
  idempotency?: { resultId: string; blockId: string; visit: number };
}

export type PaymentIntentResult =
  | {
      ok: true;
      runtimeOptions: {
        paymentIntentSecret: string;
        amountLabel: string;
        publicKey: string;
        paymentUrl?: string;
      };
    }
  | { ok: false; error: string };

/** The sheet a Google Sheets block works on, with the credentials that may open it. */
export interface SheetReference {
  workspaceId: string;
  credentialsId: string;
  spreadsheetId: string;
  /** The sheet's numeric id (`gid` in its address), as Typebot stores it. */
  sheetId: string;
}

/** A sheet's values as it shows them: `header` is its first row, `rows` the rows below it. */
export interface SheetTable {
  title: string;
  header: string[];
  rows: string[][];
}

export type ReadSheetResult = { ok: true; table: SheetTable } | { ok: false; error: string };

/** Google Sheets through the credentials' service account; failures are messages for the result's logs. */
export interface GoogleSheetsPort {
  /** The sheet's header and rows (only the header with `isHeaderOnly`). */
  readSheet(sheet: SheetReference, options?: { isHeaderOnly?: boolean }): Promise<ReadSheetResult>;
  /** One row after the sheet's data, cells by column name, entered as if typed. */
  appendRow(sheet: SheetReference, table: SheetTable, cells: Record<string, string>): Promise<PortResult>;
  /** Writes the given cells of existing rows; `rowIndex` is the row's index in `table.rows`. */
  updateRows(
    sheet: SheetReference,
    table: SheetTable,
    updates: { rowIndex: number; cells: Record<string, string> }[],
  ): Promise<PortResult>;
}

/** The Typebot plug-in kinds whose outside calls run in the plug-in port, with the block's credentials. */
export type PluginBlock =
  | PostHogBlock
  | SegmentBlock
  | NocoDbBlock
  | DifyBlock
  | ChatNodeBlock
  | ElevenLabsBlock
  | GmailBlock
  | CalComBlock
  | ZendeskBlock;

export interface PluginBlockRequest {
  /** The block with `{{variables}}` already replaced in its options (variable ids are left as they are). */
  block: PluginBlock;
  workspaceId: string;
  botId: string;
  resultId: string;
  isPreview: boolean;
  /** The values of the flow's variables (a conversation id the block continues). */
  variables: VariableView[];
  /** The block and its visit: what identifies this sending for services that de-duplicate (Segment's messageId). */
  idempotency: { resultId: string; blockId: string; visit: number };
  /**
   * The variable the next bubble shows alone (`{{Answer}}`) when the client streams: a block that can stream
   * (Dify) may answer `stream` instead of calling its service, which the client's streamMessage then does.
   */
  streamVariableId: string | null;
}

export interface PluginBlockResult {
  variableUpdates: { variableId: string; value: VariableValue }[];
  logs: ChatLogInput[];
  /**
   * A widget the chat shows in a bubble (Cal.com's booking embed): its functions run in the visitor's page;
   * the walk waits until the wait function's value comes back, saved in `saveReplyInVariableId`.
   */
  embed?: PluginEmbed;
  /** Things the visitor's page does (Zendesk's messaging widget); live web clients only. */
  clientSideActions?: ClientSideActionInput[];
  /** The answer streams to the client into this variable (see `streamVariableId`): the walk waits for it. */
  stream?: { variableId: string };
}

/** The content of a `custom-embed` bubble, and where the value its wait function resolves with is saved. */
export interface PluginEmbed {
  url: string | null;
  initFunction: { args: Record<string, unknown>; content: string };
  waitForEventFunction: { args: Record<string, unknown>; content: string };
  saveReplyInVariableId?: string;
}

/** The plug-in blocks' side: one call (or a few) to the plug-in's service; every failure is a log. */
export interface PluginPort {
  executeBlock(request: PluginBlockRequest): Promise<PluginBlockResult>;
}

export interface EnginePorts {
  now(): Date;
  /** A new cuid2 (Random ID value, ids of generated bubbles). */
  createId(): string;
  /** Uniform in [0, 1) (AB test). */
  random(): number;
  /** SSRF-safe HTTP: refuses private addresses after resolution and on redirects, limits size and time. */
  fetchHttp(request: OutgoingHttpRequest): Promise<HttpResult>;
  /** Runs user code in the sandbox (CPU and memory limits, no Node globals). */
  runCode(request: RunCodeRequest): Promise<CodeResult>;
  /** Evaluates one expression in the sandbox. */
  evaluateExpression(request: EvaluateExpressionRequest): Promise<ExpressionResult>;
  /** Bot link: loads another bot of the same workspace; null when it does not exist or is not allowed. */
  loadBot(request: LoadBotRequest): Promise<FlowSnapshot | null>;
  /** E-mail block; when absent the block logs a configuration error and the flow goes on. */
  sendEmail?(request: SendEmailRequest): Promise<SendEmailResult>;
  /** AI blocks; when absent (or the type is not listed) the block logs and the flow goes on. */
  ai?: AiPort;
  /** AI agent blocks; when absent the agent answers its fallback text with a configuration error log. */
  aiAgent?: AiAgentPort;
  /** Payment input; when absent the input is shown with a configuration error log. */
  createPaymentIntent?(request: PaymentIntentRequest): Promise<PaymentIntentResult>;
  /** Google Sheets block; when absent the block logs a configuration error and the flow goes on. */
  googleSheets?: GoogleSheetsPort;
  /** Plug-in blocks (PostHog, Segment…); when absent the block logs a configuration error and the flow goes on. */
  plugins?: PluginPort;
  /**
   * `Human handoff`: the inbox's state for the block's queue (available agents, conversations waiting), read
   * when the block is reached. Absent: unknown (no queue position, no "nobody available" fallback).
   */
  readHandoffQueue?(request: { workspaceId: string; team: string | null }): Promise<HandoffQueueState>;
  /**
   * Called every few hundred blocks of a walk: throws the runtime's own error when the turn's time budget has
   * run out (a walk that never waits on a port would otherwise outlive it). Absent: no budget.
   */
  checkTurnBudget?(): void;
  /**
   * Called as the walk reaches each block, before it runs: the bot tests' runner records the groups reached
   * and knows which block a port call comes from. Absent in chats.
   */
  onBlockRun?(run: { group: Group; block: Block }): void;
  environmentName: "web";
}

/** The inbox a `Human handoff` block hands over to, as it is now. */
export interface HandoffQueueState {
  /** Members of the workspace marked available. */
  availableAgents: number;
  /** Conversations of the queue that nobody has taken yet. */
  waitingConversations: number;
  /**
   * How long a visitor of this queue recently waited per place in the queue, in seconds (the median of the
   * queue's conversations taken in the last 7 days, each one's wait divided by its place when it started
   * waiting); null when the history is too short to tell. Absent: unknown.
   */
  waitSecondsPerPosition?: number | null;
}
