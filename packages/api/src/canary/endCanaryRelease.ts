import type { Database } from "@parley/db";
import { type AuditRequest, appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { AppError } from "@parley/platform/errors";
import type { AuditAction } from "@parley/schemas/management/auditLog";

export type CanaryEnding = "promote" | "rollBack" | "rollBackAutomatically";

const auditActionOf: Record<CanaryEnding, AuditAction> = {
  promote: "bot.canaryPromoted",
  rollBack: "bot.canaryRolledBack",
  rollBackAutomatically: "bot.canaryRolledBackAutomatically",
};

/**
 * Ends a bot's canary release with its audit entry, in one transaction. Promote: the canary's version becomes the
 * bot's current version (every new chat starts on it). Roll back: new chats all start on the current version
 * again. Either way running chats keep the version they started on. `expectedPublishedBotId` guards against a
 * canary replaced meanwhile (the automatic rule decided about that one). Resolves false when no such canary runs.
 */
export async function endCanaryRelease(
  prisma: Database,
  input: {
    botId: string;
    workspaceId: string;
    ending: CanaryEnding;
    audit: AuditRequest;
    expectedPublishedBotId?: string;
  },
): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const rows = await tx.canaryRelease.findMany({
      where: {
        botId: input.botId,
        ...(input.expectedPublishedBotId ? { publishedBotId: input.expectedPublishedBotId } : {}),
      },
      select: { publishedBotId: true },
    });
    const canary = rows[0];
    if (!canary) return false;
    const { count } = await tx.canaryRelease.deleteMany({
      where: { botId: input.botId, publishedBotId: canary.publishedBotId },
    });
    if (count === 0) return false;
    if (input.ending === "promote") {
      await tx.bot.update({ where: { id: input.botId }, data: { publishedBotId: canary.publishedBotId } });
    }
    await appendAuditEntry(tx, input.audit, {
      action: auditActionOf[input.ending],
      workspaceId: input.workspaceId,
      target: { type: "bot", id: input.botId },
    });
    return true;
  });
}

/** BAD_REQUEST `NO_CANARY`: the bot runs no canary release. */
export function noCanaryError() {
  return new AppError("BAD_REQUEST", [
    {
      code: "NO_CANARY",
      message: "The bot has no canary release running (publish with `canary` to start one)",
    },
  ]);
}
