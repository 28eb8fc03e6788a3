import type { Database } from "@parley/db";
import { stripeCredentials } from "@parley/schemas/credentials";
import { readWorkspaceCredentials } from "../credentials/workspaceCredentials";

export interface StripeKeyPair {
  secretKey: string;
  publicKey: string;
}

export type ResolvedStripeKeys = { ok: true; keys: StripeKeyPair | null } | { ok: false; error: string };

/**
 * The Stripe keys of a payment input: its credentials in the bot's workspace (test keys in
 * previews when the credentials have them), or null to fall back on the server's own keys.
 */
export async function resolveStripeKeys(
  prisma: Database,
  request: { workspaceId: string; credentialsId: string | null; isPreview: boolean },
): Promise<ResolvedStripeKeys> {
  if (!request.credentialsId) return { ok: true, keys: null };
  const read = await readWorkspaceCredentials(prisma, {
    workspaceId: request.workspaceId,
    credentialsId: request.credentialsId,
    types: [stripeCredentials.type],
  });
  if (!read.ok) return read;
  const { live, test } = read.data;
  return { ok: true, keys: request.isPreview && test ? test : live };
}
