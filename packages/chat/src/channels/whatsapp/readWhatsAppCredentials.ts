import { getPrisma } from "@parley/db";
import { readWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import { type CredentialsData, whatsAppCredentials } from "@parley/schemas/credentials";

/** The WhatsApp account of a webhook URL, or null when the workspace has no such credentials. */
export async function readWhatsAppCredentials(params: {
  workspaceId: string;
  credentialsId: string;
}): Promise<{ ok: true; data: CredentialsData<"whatsApp"> } | { ok: false; error: string }> {
  const read = await readWorkspaceCredentials(getPrisma(), { ...params, types: [whatsAppCredentials.type] });
  return read.ok ? { ok: true, data: read.data } : read;
}
