import { setTelegramWebhook } from "@parley/integrations/messaging/setTelegramWebhook";
import { AppError } from "@parley/platform/errors";
import { getMessagingWebhookUrl } from "@parley/schemas/messaging/getMessagingWebhookUrl";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { botRowProcedure } from "../../access/procedures";
import { apiEnv } from "../../env";
import { readBotMessagingAccount } from "./readBotMessagingAccount";

/**
 * "Connect" of a Telegram account (builder only, no REST path): Bot API `setWebhook` with the bot's
 * webhook URL on the viewer and the credentials' secret token, for messages and button presses.
 * Telegram's refusal (a wrong token, a URL it cannot reach) is a BAD_REQUEST with its description.
 */
export const connectTelegramWebhook = botRowProcedure("write", { viaShare: false })
  .output(z.object({ webhookUrl: textSchema, description: textSchema }))
  .mutation(async ({ ctx }) => {
    const { credentialsId, account } = await readBotMessagingAccount(ctx.prisma, ctx.bot, ["telegram"]);
    const webhookUrl = getMessagingWebhookUrl(apiEnv.VIEWER_URL, {
      workspaceId: ctx.bot.workspaceId,
      channel: "telegram",
      credentialsId,
    });
    const result = await setTelegramWebhook(account.data.botToken, {
      url: webhookUrl,
      secretToken: account.data.secretToken,
    });
    if (!result.ok)
      throw new AppError("BAD_REQUEST", [
        { message: `Telegram did not set the webhook: ${result.description}`, code: "PLATFORM_REFUSED" },
      ]);
    ctx.logger.info({ botId: ctx.bot.id, credentialsId }, "telegram: webhook set");
    return { webhookUrl, description: result.description };
  });
