import type { Pool } from "../pool";

export interface MessagingBotRow {
  id: string;
  workspaceId: string;
  publishedBotId: string;
  isClosed: boolean;
  isWorkspaceSuspended: boolean;
  riskLevel: number | null;
  isWorkspaceVerified: boolean;
}

/**
 * The published bots of a workspace that answer on these messaging credentials, the most recently
 * published first (whether messaging is enabled is in each published version's settings).
 */
export async function listMessagingBots(
  pool: Pool,
  input: { workspaceId: string; credentialsId: string },
): Promise<MessagingBotRow[]> {
  const { rows } = await pool.query<MessagingBotRow>({
    name: "listMessagingBots",
    text: `SELECT b.id, b."workspaceId", b."publishedBotId", b."isClosed", w."isSuspended" AS "isWorkspaceSuspended",
        b."riskLevel", w."isVerified" AS "isWorkspaceVerified"
      FROM "Bot" b
      JOIN "Workspace" w ON w.id = b."workspaceId"
      JOIN "PublishedBot" p ON p.id = b."publishedBotId"
      WHERE b."workspaceId" = $1 AND b."messagingCredentialsId" = $2 AND NOT b."isArchived"
      ORDER BY p."createdAt" DESC, p.id`,
    values: [input.workspaceId, input.credentialsId],
  });
  return rows;
}
