import type { Pool } from "../pool";
import { canaryJoinSql, chatVersionSql } from "./canaryRouting";

export interface MessagingBotRow {
  id: string;
  workspaceId: string;
  /** The version a new conversation starts on: the current one, or a running canary's for its share. */
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
    text: `SELECT b.id, b."workspaceId", ${chatVersionSql("b", "cr")} AS "publishedBotId", b."isClosed", w."isSuspended" AS "isWorkspaceSuspended",
        b."riskLevel", w."isVerified" AS "isWorkspaceVerified"
      FROM "Bot" b
      JOIN "Workspace" w ON w.id = b."workspaceId"
      JOIN "PublishedBot" p ON p.id = b."publishedBotId"
      ${canaryJoinSql("b", "cr")}
      WHERE b."workspaceId" = $1 AND b."messagingCredentialsId" = $2 AND NOT b."isArchived"
      ORDER BY p."createdAt" DESC, p.id`,
    values: [input.workspaceId, input.credentialsId],
  });
  return rows;
}
