import type { Database } from "@parley/db";
import { type AuditRequest, appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { notifyCustomDomainChange } from "../custom-domains/notifyCustomDomainChange";
import { eraseResults } from "../results/eraseResults";

/**
 * Deleting a bot (decisions.md): it leaves every listing and reads as
 * missing, its published versions, chat key and sessions are removed so that
 * no chat starts or continues, and its results are erased. The row stays,
 * archived, without publicId or custom domain (both free again), so that the
 * period's usage keeps counting its chats.
 */
export async function deleteBotData(prisma: Database, botId: string, audit: AuditRequest) {
  const before = await prisma.bot.findUnique({ where: { id: botId }, select: { customDomain: true } });
  await prisma.$transaction(async (tx) => {
    const bot = await tx.bot.update({
      where: { id: botId },
      data: { isArchived: true, publicId: null, customDomain: null, publishedBotId: null },
      select: { workspaceId: true },
    });
    await tx.chatKey.deleteMany({ where: { botId } });
    await tx.chatSession.deleteMany({ where: { botId } });
    await tx.publishedBot.deleteMany({ where: { botId } });
    await tx.customDomainCheck.deleteMany({ where: { botId } });
    await appendAuditEntry(tx, audit, {
      action: "bot.deleted",
      workspaceId: bot.workspaceId,
      target: { type: "bot", id: botId },
    });
  });
  await notifyCustomDomainChange(prisma, [before?.customDomain ?? null]);
  await eraseResults(prisma, { botId });
}
