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

export interface AiProvider {
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
