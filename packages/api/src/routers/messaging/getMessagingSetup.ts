import { readStoredThemeAndSettings, storedThemeAndSettingsSelect } from "@parley/db/storedFlow";
import { readWorkspaceCredentials } from "@parley/integrations/credentials/workspaceCredentials";
import { whatsAppCredentials } from "@parley/schemas/credentials";
import { timestampSchema } from "@parley/schemas/management/common";
import { answersEveryFirstMessage } from "@parley/schemas/messaging/answersEveryFirstMessage";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { botRowProcedure } from "../../access/procedures";

/**
 * What the messaging section shows besides the bot (builder only, no REST path): the WhatsApp verify
 * token to paste in Meta's console, when the bot was last published, and the other published bots on
 * the same account that answer every first message (with this one unconditional too, only the most
 * recently published answers).
 */
export const getMessagingSetup = botRowProcedure("write", { viaShare: false })
  .output(
    z.object({
      verifyToken: textSchema.nullable(),
      publishedAt: timestampSchema.nullable(),
      unconditionalBots: z.array(
        z.object({ id: textSchema, name: textSchema, publishedAt: timestampSchema }),
      ),
    }),
  )
  .query(async ({ ctx }) => {
    const { bot, prisma } = ctx;
    const credentialsId = bot.messagingCredentialsId;
    if (!credentialsId) return { verifyToken: null, publishedAt: null, unconditionalBots: [] };
    const [whatsApp, published, others] = await Promise.all([
      readWorkspaceCredentials(prisma, {
        workspaceId: bot.workspaceId,
        credentialsId,
        types: [whatsAppCredentials.type],
      }),
      bot.publishedBotId
        ? prisma.publishedBot.findUnique({ where: { id: bot.publishedBotId }, select: { createdAt: true } })
        : null,
      prisma.bot.findMany({
        where: {
          workspaceId: bot.workspaceId,
          messagingCredentialsId: credentialsId,
          isArchived: false,
          publishedBotId: { not: null },
          id: { not: bot.id },
        },
        select: {
          id: true,
          name: true,
          publishedBot: { select: { schemaVersion: true, createdAt: true, ...storedThemeAndSettingsSelect } },
        },
      }),
    ]);
    const unconditionalBots = others
      .flatMap((other) =>
        other.publishedBot &&
        answersEveryFirstMessage(
          readStoredThemeAndSettings(other.publishedBot.schemaVersion, other.publishedBot).settings,
        )
          ? [{ id: other.id, name: other.name, publishedAt: other.publishedBot.createdAt }]
          : [],
      )
      .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime())
      .map((other) => ({ ...other, publishedAt: other.publishedAt.toISOString() }));
    return {
      verifyToken: whatsApp.ok ? whatsApp.data.verifyToken : null,
      publishedAt: published?.createdAt.toISOString() ?? null,
      unconditionalBots,
    };
  });
