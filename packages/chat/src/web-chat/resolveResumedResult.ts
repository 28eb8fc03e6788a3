import type { Pool } from "@parley/db";
import { readResultForResume } from "@parley/db/queries/readResultForResume";
import type { FlowSnapshot, ResultVariable } from "@parley/engine";
import { getRememberedChatStorage } from "@parley/schemas";

/**
 * startChat's `resultId`: continued (its variables restored, its answers kept
 * and new ones appended after them) only when remember-user is on and the
 * result belongs to this bot; otherwise ignored and a new result is created.
 */
export async function resolveResumedResult(
  pool: Pool,
  input: { requested: string | undefined; botId: string; flow: FlowSnapshot },
) {
  // Only a chat kept between page loads (remember the user, or new result on refresh off) continues its result.
  if (!input.requested || !getRememberedChatStorage(input.flow.settings.general)) return null;
  const row = await readResultForResume(pool, { resultId: input.requested, botId: input.botId });
  if (!row) return null;
  const variables = Array.isArray(row.variables) ? (row.variables as ResultVariable[]) : [];
  return {
    id: row.id,
    progress: { variables, answerCount: row.answerCount, visitedEdgeCount: row.visitedEdgeCount },
  };
}
