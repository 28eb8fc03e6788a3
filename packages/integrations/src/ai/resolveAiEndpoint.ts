import type { Database } from "@parley/db";
import { aiBlockTypes, getBlockDefinition, openAiBlock, openAiCompatibleBlock } from "@parley/schemas";
import type { CredentialsType } from "@parley/schemas/credentials";
import { readWorkspaceCredentials } from "../credentials/workspaceCredentials";
import type { ProviderEndpoint, ProviderKind } from "./aiTypes";
import { defaultBaseUrls } from "./createAiProvider";

/** Block type → provider: each AI kind of the definitions is its own; the legacy `OpenAI` block runs as `openai`. */
export const providerKindOfBlockType: Record<string, ProviderKind> = Object.fromEntries(
  aiBlockTypes.flatMap((type) => [[type, type], ...(type === openAiBlock.type ? [["OpenAI", type]] : [])]),
);

/** For logs: the AI kind's catalogue label ("OpenAI", "Anthropic", …). */
export const providerLabels = Object.fromEntries(
  aiBlockTypes.map((type) => [type, getBlockDefinition(type)?.catalogue.label ?? type]),
) as Record<ProviderKind, string>;

/** Only an OpenAI-compatible block sets its own base URL (local servers without credentials). */
export function readBlockBaseUrl(kind: ProviderKind, options: Record<string, unknown>): string | undefined {
  return kind === openAiCompatibleBlock.type && typeof options.baseUrl === "string"
    ? options.baseUrl
    : undefined;
}

export type ResolvedEndpoint = { ok: true; endpoint: ProviderEndpoint } | { ok: false; error: string };

/**
 * Where a block's requests go. The key goes only to the base URL stored with it: a block cannot
 * send a workspace's key elsewhere. An OpenAI-compatible block without credentials uses its own
 * base URL and no key (local servers).
 */
export async function resolveAiEndpoint(
  prisma: Database,
  request: {
    workspaceId: string;
    kind: ProviderKind;
    credentialsId: string | undefined;
    blockBaseUrl: string | undefined;
  },
): Promise<ResolvedEndpoint> {
  const { kind } = request;
  const blockBaseUrl = request.blockBaseUrl?.trim() || undefined;
  if (!request.credentialsId) {
    if (kind === openAiCompatibleBlock.type && blockBaseUrl)
      return { ok: true, endpoint: { kind, baseUrl: blockBaseUrl, apiKey: null } };
    return {
      ok: false,
      error: `No ${providerLabels[kind]} credentials selected: choose or add them in the block settings`,
    };
  }
  const read = await readWorkspaceCredentials(prisma, {
    workspaceId: request.workspaceId,
    credentialsId: request.credentialsId,
    types: [kind as CredentialsType & ProviderKind],
  });
  if (!read.ok) return read;
  const data = read.data as { apiKey?: string; baseUrl?: string };
  if (kind === openAiCompatibleBlock.type) {
    const baseUrl = data.baseUrl ?? "";
    if (blockBaseUrl && normalize(blockBaseUrl) !== normalize(baseUrl))
      return {
        ok: false,
        error:
          "The block's base URL differs from its credentials' one; the key is only sent to the credentials' base URL",
      };
    return { ok: true, endpoint: { kind, baseUrl, apiKey: data.apiKey ?? null } };
  }
  return {
    ok: true,
    endpoint: { kind, baseUrl: data.baseUrl ?? defaultBaseUrls[kind], apiKey: data.apiKey ?? null },
  };
}

const normalize = (url: string) => url.trim().replace(/\/+$/, "").toLowerCase();
