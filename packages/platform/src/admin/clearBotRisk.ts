import type { Database } from "@parley/db";
import { type AuditRequest, appendAuditEntry } from "../audit/appendAuditEntry";
import { AppError } from "../errors";

/**
 * An administrator's review of a held bot: its riskLevel becomes 0, so its published version is served
 * again. The next publish assesses the new version anew (and may hold it again); a workspace whose
 * bots should never be held is verified instead. Resolves the level that was cleared.
 */
export async function clearBotRisk(prisma: Database, botId: string, audit: AuditRequest) {
  const bot = await prisma.bot.findUnique({
    where: { id: botId },
    select: { riskLevel: true, workspaceId: true },
  });
  if (!bot) throw new AppError("NOT_FOUND", [{ message: `No bot with id ${botId}` }]);
  await prisma.$transaction(async (tx) => {
    await tx.bot.update({ where: { id: botId }, data: { riskLevel: 0 } });
    await appendAuditEntry(tx, audit, {
      action: "bot.riskCleared",
      workspaceId: bot.workspaceId,
      target: { type: "bot", id: botId },
    });
  });
  return { botId, previousRiskLevel: bot.riskLevel };
}
