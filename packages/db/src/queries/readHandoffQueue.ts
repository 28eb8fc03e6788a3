import type { Pool } from "../pool";

export interface HandoffQueueRow {
  availableAgents: number;
  waitingConversations: number;
  /** Seconds a visitor of the queue recently waited per place in it; null when the history is too short. */
  waitSecondsPerPosition: number | null;
}

/** How far back, and how many of the latest, taken conversations the expected wait is estimated from. */
export const WAIT_HISTORY_DAYS = 7;
export const WAIT_HISTORY_CONVERSATIONS = 50;
/** Fewer taken conversations than this in the history: no estimate. */
export const WAIT_HISTORY_MINIMUM = 3;

/**
 * A Human handoff block's inbox in one statement: the workspace's members marked available (still
 * members), the conversations of the block's queue (`team`, null for the general one) nobody took yet, and
 * the queue's recent wait per place in the queue: over its latest conversations first taken in the last
 * days (previews left out), the median of each one's wait until then divided by its place when it opened.
 */
export async function readHandoffQueue(
  pool: Pool,
  request: { workspaceId: string; team: string | null },
): Promise<HandoffQueueRow> {
  const { rows } = await pool.query<HandoffQueueRow>({
    name: "readHandoffQueue",
    text: `SELECT
        (SELECT count(*) FROM "AgentPresence" p
          JOIN "MemberInWorkspace" m ON m."userId" = p."userId" AND m."workspaceId" = p."workspaceId"
          WHERE p."workspaceId" = $1 AND p.status = 'available')::int AS "availableAgents",
        (SELECT count(*) FROM "Conversation" c
          WHERE c."workspaceId" = $1 AND c.status = 'waiting' AND c.team IS NOT DISTINCT FROM $2)::int
          AS "waitingConversations",
        (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY h.wait)
          FROM (SELECT (GREATEST(extract(epoch FROM c."firstAssignedAt" - c."createdAt"), 0)
                  / GREATEST(COALESCE(c."queuePosition", 1), 1))::float8 AS wait
                FROM "Conversation" c
                WHERE c."workspaceId" = $1 AND c.team IS NOT DISTINCT FROM $2 AND c.channel <> 'preview'
                  AND c."firstAssignedAt" >= now() - make_interval(days => $3)
                ORDER BY c."firstAssignedAt" DESC
                LIMIT $4) h
          HAVING count(*) >= $5)::float8 AS "waitSecondsPerPosition"`,
    values: [
      request.workspaceId,
      request.team,
      WAIT_HISTORY_DAYS,
      WAIT_HISTORY_CONVERSATIONS,
      WAIT_HISTORY_MINIMUM,
    ],
  });
  return rows[0] ?? { availableAgents: 0, waitingConversations: 0, waitSecondsPerPosition: null };
}
