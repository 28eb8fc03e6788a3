import type { AiBlockType, AiModelMessage, AiProtocol } from "@parley/schemas";

/** The provider-neutral shapes AI blocks work with. */

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface CompletionRequest {
  model: string;
  messages: AiModelMessage[];
  temperature?: number;
  maxTokens?: number;
}

export interface CompletionResult {
  content: string;
  usage: TokenUsage | null;
}

/** A streamed completion: text deltas in order; `usage` is known once the stream is done. */
export interface CompletionStream {
  deltas: AsyncIterable<string>;
  getUsage(): TokenUsage | null;
}

/** Structured extraction: the model must call one tool whose arguments follow `schema`. */
export interface ExtractionRequest {
  model: string;
  messages: AiModelMessage[];
  toolName: string;
  toolDescription: string;
  /** A JSON Schema object (type "object"). */
  schema: Record<string, unknown>;
  temperature?: number;
  maxTokens?: number;
}

/** A function the model may call, with its parameters as a JSON Schema object (`type: "object"`). */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** A call the model asked for, its arguments parsed from the provider's JSON. */
export interface ToolCall {
  /** The provider's id of the call, sent back with its result. */
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** A conversation with tool use, as every protocol's client takes it. */
export type ToolConversationMessage =
  | AiModelMessage
  | { role: "assistant"; content: string; toolCalls: ToolCall[] }
  | { role: "tool"; toolCallId: string; toolName: string; content: string };

/** One step of a model that may call tools. */
export interface ToolStepRequest {
  model: string;
  messages: ToolConversationMessage[];
  tools: ToolDefinition[];
  temperature?: number;
  maxTokens?: number;
}

/** What one step gave: its text, the tool calls in the order the model made them, and the tokens. */
export interface ToolStepResult {
  content: string;
  toolCalls: ToolCall[];
  usage: TokenUsage | null;
}

/** A step streamed: its text deltas in order; `result` resolves once the deltas are read to the end. */
export interface ToolStepStream {
  deltas: AsyncIterable<string>;
  result(): Promise<ToolStepResult>;
}

/** The protocols' side of tool calling (OpenAI chat completions and its dialects, Anthropic Messages). */
export interface ToolCallingProvider {
  streamToolStep(request: ToolStepRequest, call: CallOptions): Promise<ToolStepStream>;
}

export interface CallOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Hosts reachable although private, on top of OUTBOUND_ALLOWED_HOSTS (tests). */
  allowList?: readonly string[];
}

/** Each AI block kind is a provider, and names its credentials type. */
export type ProviderKind = AiBlockType;

/** Where requests go, in which protocol and with which key; the key is only ever sent to `baseUrl`. */
export interface ProviderEndpoint {
  kind: ProviderKind;
  protocol: AiProtocol;
  baseUrl: string;
  apiKey: string | null;
}

/** Every protocol's client completes, streams, extracts, lists models and takes steps with tools. */
export interface AiProvider extends ToolCallingProvider {
  complete(request: CompletionRequest, call: CallOptions): Promise<CompletionResult>;
  stream(request: CompletionRequest, call: CallOptions): Promise<CompletionStream>;
  extract(request: ExtractionRequest, call: CallOptions): Promise<Record<string, unknown>>;
  listModels(call: CallOptions): Promise<string[]>;
}

/** A failure to show in a log: the provider's own message when it gave one, never a key. */
export class AiProviderError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null = null) {
    super(message);
    this.name = "AiProviderError";
    this.status = status;
  }
}
