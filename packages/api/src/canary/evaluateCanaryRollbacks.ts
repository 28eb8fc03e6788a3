import type { Database } from "@parley/db";
import type { AuditRequest } from "@parley/platform/audit/appendAuditEntry";
import type { CanaryComparison } from "@parley/schemas/management/canary";
import { compareCanary, isRollbackDue } from "./compareCanary";
import { endCanaryRelease } from "./endCanaryRelease";
import { readCanaryRelease } from "./readCanaryRelease";

/** Who the audit log names for a rollback the rule decided: no account acts (docs/audit-log.md). */
export const automaticRollbackAudit: AuditRequest = {
  actor: { id: null, email: "system:canary-rollback" },
  ip: "local",
  userAgent: "parley-canary-rollback",
};

export interface CanaryRollback {
  botId: string;
  workspaceId: string;
  version: number;
  comparison: CanaryComparison;
}

/**
 * One pass of the automatic rollback rule over every running canary that has one: each whose completion rate
 * fell behind the current version's by more than its points, at its minimum of chats, is rolled back (audited
 * `bot.canaryRolledBackAutomatically`). Resolves the rollbacks it made.
 */
export async function evaluateCanaryRollbacks(prisma: Database): Promise<CanaryRollback[]> {
  const candidates = await prisma.canaryRelease.findMany({
    where: { rollbackDropPoints: { not: null }, rollbackMinStarts: { not: null } },
    select: { botId: true, bot: { select: { workspaceId: true } } },
    orderBy: { startedAt: "asc" },
  });
  const rollbacks: CanaryRollback[] = [];
  for (const { botId, bot } of candidates) {
    const canary = await readCanaryRelease(prisma, botId);
    if (!canary) continue;
    const comparison = await compareCanary(prisma, botId, canary);
    if (!isRollbackDue(canary, comparison)) continue;
    const isRolledBack = await endCanaryRelease(prisma, {
      botId,
      workspaceId: bot.workspaceId,
      ending: "rollBackAutomatically",
      audit: automaticRollbackAudit,
      expectedPublishedBotId: canary.publishedBotId,
    });
    if (isRolledBack)
      rollbacks.push({ botId, workspaceId: bot.workspaceId, version: canary.version, comparison });
  }
  return rollbacks;
}
