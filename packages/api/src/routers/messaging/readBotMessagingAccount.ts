import type { TestMessageAccount } from "@parley/chat/channels/sendChannelTestMessage";
import type { Database } from "@parley/db";
import { readWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import { AppError } from "@parley/platform/errors";
import type { MessagingChannel } from "@parley/schemas/messaging/getMessagingWebhookUrl";

/**
 * The account a bot answers on (its `messagingCredentialsId`), decrypted, of one of `channels`; a
 * bot without one, or with credentials that cannot be used, is a BAD_REQUEST saying which.
 */
export async function readBotMessagingAccount<C extends MessagingChannel>(
  prisma: Database,
  bot: { workspaceId: string; messagingCredentialsId: string | null },
  channels: readonly C[],
): Promise<{ credentialsId: string; account: Extract<TestMessageAccount, { channel: C }> }> {
  const credentialsId = bot.messagingCredentialsId;
  if (!credentialsId)
    throw new AppError("BAD_REQUEST", [
      {
        message: "Choose the bot's messaging account first",
        code: "MESSAGING_CREDENTIALS_MISSING",
        path: ["messagingCredentialsId"],
      },
    ]);
  const read = await readWorkspaceCredentials(prisma, {
    workspaceId: bot.workspaceId,
    credentialsId,
    types: channels,
  });
  if (!read.ok)
    throw new AppError("BAD_REQUEST", [
      { message: read.error, code: "CREDENTIALS_UNUSABLE", path: ["messagingCredentialsId"] },
    ]);
  // `read.type` is one of `channels`, and `read.data` that type's data.
  const account = { channel: read.type, data: read.data } as Extract<TestMessageAccount, { channel: C }>;
  return { credentialsId, account };
}
