import type { Pool } from "@parley/db";
import { readResultForResume } from "@parley/db/queries/readResultForResume";
import type { FlowSnapshot, ResultVariable } from "@parley/engine";

/**
 * Remember-user: `settings.general.rememberUser.isEnabled`, or the legacy
 * `isNewResultOnRefreshEnabled: false`.
 */
export function isRememberUserEnabled(settings: Record<string, unknown>): boolean {
  const general = settings.general as
    | { rememberUser?: { isEnabled?: unknown }; isNewResultOnRefreshEnabled?: unknown }
    | undefined;
  return general?.rememberUser?.isEnabled === true || general?.isNewResultOnRefreshEnabled === false;
}

/**
 * startChat's `resultId`: continued (its variables restored, its answers kept
 * and new ones appended after them) only when remember-user is on and the
 * result belongs to this bot; otherwise ignored and a new result is created.
 */
export async function resolveResumedResult(
  pool: Pool,
  input: { requested: string | undefined; botId: string; flow: FlowSnapshot },
) {
  if (!input.requested || !isRememberUserEnabled(input.flow.settings)) return null;
  const row = await readResultForResume(pool, { resultId: input.requested, botId: input.botId });
  if (!row) return null;
  const variables = Array.isArray(row.variables) ? (row.variables as ResultVariable[]) : [];
  return {
    id: row.id,
    progress: { variables, answerCount: row.answerCount, visitedEdgeCount: row.visitedEdgeCount },
  };
}
