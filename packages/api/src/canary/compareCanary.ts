import type { Database } from "@parley/db";
import type { CanaryComparison } from "@parley/schemas/management/canary";
import { compareProportions } from "../analytics/compareProportions";
import type { readCanaryRelease } from "./readCanaryRelease";
import { emptyVersionStats, readVersionStats } from "./readVersionStats";

type RunningCanary = NonNullable<Awaited<ReturnType<typeof readCanaryRelease>>>;

/**
 * The canary against the current version over the chats started since the canary did (so both sides saw the same
 * days and traffic): each version's numbers and the two-proportion z-test of their completion rates.
 */
export async function compareCanary(
  prisma: Database,
  botId: string,
  canary: RunningCanary,
): Promise<CanaryComparison> {
  const rows = await readVersionStats(prisma, {
    botId,
    range: { from: canary.startedAtDate },
    versions: [canary.currentVersion, canary.version],
  });
  const find = (version: number) => rows.find((row) => row.version === version) ?? emptyVersionStats(version);
  const current = find(canary.currentVersion);
  const candidate = find(canary.version);
  return {
    since: canary.startedAt,
    current,
    canary: candidate,
    completionRate: compareProportions(
      { successes: current.totalCompleted, trials: current.totalViews },
      { successes: candidate.totalCompleted, trials: candidate.totalViews },
    ),
  };
}

/**
 * Whether the automatic rollback rule fires: the canary has at least `minStarts` chats and its completion
 * rate is lower than the current version's by more than `maxDropPoints` percentage points.
 */
export function isRollbackDue(canary: RunningCanary, comparison: CanaryComparison): boolean {
  const rule = canary.autoRollback;
  const { current, canary: candidate } = comparison;
  if (!rule || candidate.totalViews < rule.minStarts) return false;
  if (current.completionRate === null || candidate.completionRate === null) return false;
  return (current.completionRate - candidate.completionRate) * 100 > rule.maxDropPoints;
}
