import type { Pool, PoolClient } from "../pool";

/** A conversation still waiting past its `waitingEmailAt`, claimed for its one e-mail, and whom to send it to. */
export interface WaitingConversationEmail {
  id: string;
  workspaceId: string;
  workspaceName: string;
  botName: string;
  channel: string;
  team: string | null;
  createdAt: Date;
  /** The workspace's members marked available who may reply (not GUESTs), by address. */
  recipients: { email: string; name: string | null }[];
}

/** Queues the claimed conversations' e-mails inside the claim's transaction (`client`). */
export type QueueWaitingEmails = (
  client: PoolClient,
  claimed: readonly WaitingConversationEmail[],
) => Promise<void>;

const text = `WITH c AS (
    UPDATE "Conversation" SET "waitingEmailedAt" = now()
    WHERE id IN (
      SELECT id FROM "Conversation"
      WHERE status = 'waiting' AND "assigneeId" IS NULL AND "waitingEmailedAt" IS NULL AND "waitingEmailAt" <= $1
      ORDER BY "waitingEmailAt" LIMIT $2 FOR UPDATE SKIP LOCKED
    ) AND status = 'waiting' AND "assigneeId" IS NULL AND "waitingEmailedAt" IS NULL
    RETURNING id, "workspaceId", "botId", channel, team, "createdAt"
  )
  SELECT c.id, c."workspaceId", w.name AS "workspaceName", b.name AS "botName", c.channel, c.team, c."createdAt",
    COALESCE((
      SELECT json_agg(json_build_object('email', u.email, 'name', u.name) ORDER BY u.email)
      FROM "AgentPresence" p
      JOIN "MemberInWorkspace" m ON m."userId" = p."userId" AND m."workspaceId" = p."workspaceId"
      JOIN "User" u ON u.id = p."userId"
      WHERE p."workspaceId" = c."workspaceId" AND p.status = 'available' AND m.role <> 'GUEST'
    ), '[]'::json) AS recipients
  FROM c
  JOIN "Workspace" w ON w.id = c."workspaceId"
  JOIN "Bot" b ON b.id = c."botId"
  ORDER BY c."createdAt", c.id`;

/**
 * Claims up to `limit` conversations that still wait with nobody assigned past their `waitingEmailAt` (the
 * Human handoff block's `waitingEmailMinutes`), marking each as e-mailed, and queues their e-mails
 * (`queueEmails`) in the same transaction: a conversation is e-mailed exactly once in the cluster (rows
 * another process is claiming are skipped; a claim whose e-mails could not be queued is rolled back), and one
 * taken or closed before its time is never claimed. A conversation claimed when no agent is available is
 * marked all the same (its moment passed with nobody to tell). Returns the claimed conversations.
 */
export async function claimWaitingConversationEmails(
  pool: Pool,
  options: { now: Date; limit: number },
  queueEmails: QueueWaitingEmails,
): Promise<WaitingConversationEmail[]> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<WaitingConversationEmail>({
      name: "claimWaitingConversationEmails",
      text,
      values: [options.now, options.limit],
    });
    await queueEmails(client, rows);
    await client.query("COMMIT");
    return rows;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
