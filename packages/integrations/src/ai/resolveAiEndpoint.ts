import type { Database } from "@parley/db";
import type { StoredCredentialsRow } from "@parley/db/queries/readKnowledgeBasesWithCredentials";
import type { AiBlock, AiBlockDefinition, AiKindFacts } from "@parley/schemas";
import { decodeCredentialsRow, readWorkspaceCredentials } from "../credentials/workspaceCredentials";
import type { ProviderEndpoint } from "./aiTypes";

/** An AI block's options, typed by its kind's schema; a block without options reads as `{}`. */
export type AiOptions = NonNullable<AiBlock["options"]>;

/** The block's own base URL, for a kind whose definition gives blocks one (OpenAI-compatible). */
export function readBlockBaseUrl(definition: AiBlockDefinition, options: AiOptions): string | undefined {
  const ai: AiKindFacts = definition.ai;
  if (!ai.hasBlockBaseUrl || !("baseUrl" in options)) return undefined;
  return typeof options.baseUrl === "string" ? options.baseUrl : undefined;
}

export type ResolvedEndpoint = { ok: true; endpoint: ProviderEndpoint } | { ok: false; error: string };

/**
 * Where a block's requests go. The key goes only to the base URL stored with it: a block cannot
 * send a workspace's key elsewhere. A block of a kind with its own base URL and no credentials uses
 * that base URL and no key (local servers).
 */
export async function resolveAiEndpoint(
  prisma: Database,
  request: {
    workspaceId: string;
    definition: AiBlockDefinition;
    credentialsId: string | undefined;
    blockBaseUrl: string | undefined;
    /** The credentials row already read for `credentialsId` (null: none in the workspace), read again otherwise. */
    stored?: { credentialsId: string | null; row: StoredCredentialsRow | null };
  },
): Promise<ResolvedEndpoint> {
  const { definition } = request;
  const kind = definition.type;
  const ai: AiKindFacts = definition.ai;
  const blockBaseUrl = request.blockBaseUrl?.trim() || undefined;
  if (!request.credentialsId) {
    if (ai.hasBlockBaseUrl && blockBaseUrl)
      return { ok: true, endpoint: { kind, protocol: ai.protocol, baseUrl: blockBaseUrl, apiKey: null } };
    return {
      ok: false,
      error: `No ${definition.catalogue.label} credentials selected: choose or add them in the block settings`,
    };
  }
  const read =
    request.stored && request.stored.credentialsId === request.credentialsId
      ? decodeCredentialsRow(request.stored.row, { credentialsId: request.credentialsId, types: [kind] })
      : await readWorkspaceCredentials(prisma, {
          workspaceId: request.workspaceId,
          credentialsId: request.credentialsId,
          types: [kind],
        });
  if (!read.ok) return read;
  const baseUrl = read.data.baseUrl ?? ai.defaultBaseUrl ?? "";
  if (ai.hasBlockBaseUrl && blockBaseUrl && normalize(blockBaseUrl) !== normalize(baseUrl))
    return {
      ok: false,
      error:
        "The block's base URL differs from its credentials' one; the key is only sent to the credentials' base URL",
    };
  return { ok: true, endpoint: { kind, protocol: ai.protocol, baseUrl, apiKey: read.data.apiKey ?? null } };
}

const normalize = (url: string) => url.trim().replace(/\/+$/, "").toLowerCase();
