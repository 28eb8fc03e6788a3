import type { Database } from "@parley/db";
import type { CanaryRelease } from "@parley/schemas/management/canary";

/** A bot's running canary release with both version numbers, or null when none runs. */
export async function readCanaryRelease(
  prisma: Database,
  botId: string,
): Promise<(CanaryRelease & { publishedBotId: string; startedAtDate: Date }) | null> {
  const row = await prisma.canaryRelease.findUnique({
    where: { botId },
    select: {
      publishedBotId: true,
      percent: true,
      startedAt: true,
      rollbackDropPoints: true,
      rollbackMinStarts: true,
      publishedBot: { select: { version: true } },
      bot: { select: { publishedBot: { select: { version: true } } } },
    },
  });
  const currentVersion = row?.bot.publishedBot?.version;
  if (!row || currentVersion === undefined) return null;
  return {
    publishedBotId: row.publishedBotId,
    version: row.publishedBot.version,
    currentVersion,
    percent: row.percent,
    startedAt: row.startedAt.toISOString(),
    startedAtDate: row.startedAt,
    autoRollback:
      row.rollbackDropPoints !== null && row.rollbackMinStarts !== null
        ? { maxDropPoints: row.rollbackDropPoints, minStarts: row.rollbackMinStarts }
        : null,
  };
}
