import { sendChannelTestMessage } from "@parley/chat/channels/sendChannelTestMessage";
import { AppError } from "@parley/platform/errors";
import {
  messagingRecipientHints,
  parseMessagingRecipient,
} from "@parley/schemas/messaging/parseMessagingRecipient";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { botRowProcedure } from "../../access/procedures";
import { loadDraftFlow } from "../../bots/loadDraftFlow";
import { getBuilderChatRuntime } from "../../builderChatRuntime";
import { readBotMessagingAccount } from "./readBotMessagingAccount";

const channelNames = { whatsApp: "WhatsApp", telegram: "Telegram" } as const;

const sentMessageSchema = z.object({
  text: textSchema,
  choices: z.array(z.object({ id: textSchema, label: textSchema })).optional(),
  isMultipleChoice: z.boolean().optional(),
  media: z.object({ kind: textSchema, url: textSchema }).optional(),
});

/**
 * "Send test message" (builder only, no REST path): the draft's first messages and input, run like the
 * preview (no result, nothing counted) and sent through the bot's messaging account to a number or
 * chat id, as the channel renders them. The platform's refusal is a BAD_REQUEST with its words.
 */
export const sendMessagingTestMessage = botRowProcedure("write", { viaShare: false })
  .input(z.object({ recipient: textSchema.max(100) }))
  .output(
    z.object({
      channel: z.enum(["whatsApp", "telegram"]),
      recipient: textSchema,
      messages: z.array(sentMessageSchema),
    }),
  )
  .mutation(async ({ ctx, input }) => {
    const { credentialsId, account } = await readBotMessagingAccount(ctx.prisma, ctx.bot, [
      "whatsApp",
      "telegram",
    ]);
    const recipient = parseMessagingRecipient(account.channel, input.recipient);
    if (!recipient)
      throw new AppError("BAD_REQUEST", [
        { message: messagingRecipientHints[account.channel], code: "INVALID_FIELD", path: ["recipient"] },
      ]);
    const { flow } = await loadDraftFlow(ctx.prisma, ctx.bot.id);
    const result = await sendChannelTestMessage(getBuilderChatRuntime(), { flow, account, recipient });
    if (!result.ok) {
      const sentBefore = result.messages.length;
      const after = sentBefore > 0 ? ` after ${sentBefore} message${sentBefore === 1 ? "" : "s"}` : "";
      throw new AppError("BAD_REQUEST", [
        {
          message: `${channelNames[account.channel]} refused the message${after}: ${result.error}`,
          code: "PLATFORM_REFUSED",
        },
      ]);
    }
    if (result.messages.length === 0)
      throw new AppError("BAD_REQUEST", [
        {
          message: "The bot's start shows nothing to send: add a bubble or an input after the start.",
          code: "NOTHING_TO_SEND",
        },
      ]);
    ctx.logger.info({ botId: ctx.bot.id, credentialsId }, "messaging: test message sent");
    return { channel: account.channel, recipient, messages: result.messages };
  });
