import type { Database } from "@parley/db";
import { notifyCustomDomainChange } from "../custom-domains/notifyCustomDomainChange";
import { eraseResults } from "../results/eraseResults";

/**
 * Deleting a bot (decisions.md): it leaves every listing and reads as
 * missing, its published versions, chat key and sessions are removed so that
 * no chat starts or continues, and its results are erased. The row stays,
 * archived, without publicId or custom domain (both free again), so that the
 * period's usage keeps counting its chats.
 */
export async function deleteBotData(prisma: Database, botId: string) {
  const before = await prisma.bot.findUnique({ where: { id: botId }, select: { customDomain: true } });
  await prisma.$transaction([
    prisma.bot.update({
      where: { id: botId },
      data: { isArchived: true, publicId: null, customDomain: null, publishedBotId: null },
    }),
    prisma.chatKey.deleteMany({ where: { botId } }),
    prisma.chatSession.deleteMany({ where: { botId } }),
    prisma.publishedBot.deleteMany({ where: { botId } }),
    prisma.customDomainCheck.deleteMany({ where: { botId } }),
  ]);
  await notifyCustomDomainChange(prisma, [before?.customDomain ?? null]);
  await eraseResults(prisma, { botId });
}
