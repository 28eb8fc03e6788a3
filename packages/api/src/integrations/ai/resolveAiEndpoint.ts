import type { Database } from "@parley/db";
import type { CredentialsType } from "@parley/schemas/credentials";
import { readWorkspaceCredentials } from "../credentials/workspaceCredentials";
import type { ProviderEndpoint, ProviderKind } from "./aiTypes";
import { defaultBaseUrls } from "./createAiProvider";

/** Block type → provider; the legacy `OpenAI` block runs as `openai`. */
export const providerKindOfBlockType: Record<string, ProviderKind> = {
  openai: "openai",
  OpenAI: "openai",
  anthropic: "anthropic",
  mistral: "mistral",
  "openai-compatible": "openai-compatible",
};

export const providerLabels: Record<ProviderKind, string> = {
  openai: "OpenAI",
  anthropic: "Anthropic",
  mistral: "Mistral",
  "openai-compatible": "OpenAI-compatible",
};

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
    if (kind === "openai-compatible" && blockBaseUrl)
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
  if (kind === "openai-compatible") {
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
