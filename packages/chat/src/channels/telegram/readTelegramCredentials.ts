import { getPrisma } from "@parley/db";
import { readWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import { type CredentialsData, telegramCredentials } from "@parley/schemas/credentials";

/** The Telegram bot of a webhook URL, or why it cannot be used. */
export async function readTelegramCredentials(params: {
  workspaceId: string;
  credentialsId: string;
}): Promise<{ ok: true; data: CredentialsData<"telegram"> } | { ok: false; error: string }> {
  const read = await readWorkspaceCredentials(getPrisma(), { ...params, types: [telegramCredentials.type] });
  return read.ok ? { ok: true, data: read.data } : read;
}
