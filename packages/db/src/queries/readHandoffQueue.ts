import type { Pool } from "../pool";

export interface HandoffQueueRow {
  availableAgents: number;
  waitingConversations: number;
}

/**
 * A Human handoff block's inbox in one statement: the workspace's members marked available (still
 * members), and the conversations of the block's queue (`team`, null for the general one) nobody took yet.
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
          AS "waitingConversations"`,
    values: [request.workspaceId, request.team],
  });
  return rows[0] ?? { availableAgents: 0, waitingConversations: 0 };
}
