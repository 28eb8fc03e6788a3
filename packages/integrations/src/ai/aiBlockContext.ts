import type { Database } from "@parley/db";
import type {
  KnowledgeBaseWithCredentialsRow,
  StoredCredentialsRow,
} from "@parley/db/queries/readKnowledgeBasesWithCredentials";
import type { AiBlockRequest, AiBlockResult } from "@parley/engine";
import type { AiBlockDefinition, ChatLogInput } from "@parley/schemas";
import type { ReadUpload } from "../files/fetchFile";
import type { AiProvider, CallOptions, ProviderEndpoint } from "./aiTypes";
import type { AiOptions } from "./resolveAiEndpoint";

/** Stores a generated file (speech) and answers a URL the chat can play. */
export type SaveGeneratedFile = (file: {
  workspaceId: string;
  botId: string;
  resultId: string;
  isPreview: boolean;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}) => Promise<string>;

/** What the AI blocks need from the runtime. */
export interface AiServices {
  getPrisma: () => Database;
  /** Hosts reachable although private, on top of OUTBOUND_ALLOWED_HOSTS (tests use 127.0.0.1). */
  allowList?: readonly string[];
  /** Where Create speech keeps its audio; without it that action logs an error. */
  saveGeneratedFile?: SaveGeneratedFile;
  /** Stops the provider call with the chat turn. */
  signal?: AbortSignal;
  /** Epoch ms the chat turn must end by; awaited calls stop a second before. */
  deadline?: number;
  /** Reads the server's own uploads (recordings) from storage. */
  readUpload?: ReadUpload;
  /** The rows the waiting AI agent needs, read with the session by the turn's read statement. */
  aiAgentReads?: AiAgentReads;
}

/**
 * What the chat turn's read statement read for the AI agent the session waits on: the ids its state named
 * (`aiAgentDialogue.reads`) and their rows, of the session's workspace. The agent uses them when they are
 * the ids its block names (a flow changed since, by an update of a preview, reads its own).
 */
export interface AiAgentReads {
  workspaceId: string;
  credentialsId: string | null;
  /** The credentials of `credentialsId`, null when missing (deleted, or of another workspace). */
  credentials: StoredCredentialsRow | null;
  knowledgeBaseIds: readonly string[];
  /** The bases of `knowledgeBaseIds` found in the workspace, with their embeddings credentials. */
  knowledgeBases: KnowledgeBaseWithCredentialsRow[];
}

export interface AiActionContext {
  request: AiBlockRequest;
  /** `request.block.options`, `{}` when unset. */
  options: AiOptions;
  /** The block's kind: its defaults and AI facts. */
  definition: AiBlockDefinition;
  /** For logs: the kind's catalogue label ("OpenAI", "Anthropic", …). */
  label: string;
  endpoint: ProviderEndpoint;
  provider: AiProvider;
  call: CallOptions;
  services: AiServices;
}

export type AiAction = (context: AiActionContext) => Promise<AiBlockResult>;

export const errorResult = (description: string, details?: string): AiBlockResult => ({
  variableUpdates: [],
  logs: [{ status: "error", description, ...(details ? { details } : {}) }],
});

export const withLog = (result: AiBlockResult, log: ChatLogInput): AiBlockResult => ({
  ...result,
  logs: [...result.logs, log],
});

export const readString = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value : undefined;
