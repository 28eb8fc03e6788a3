import type { Pool } from "../pool";
import {
  type ChatCredentialLookup,
  type ChatCredentialRow,
  credentialFromRow,
  credentialSql,
  credentialValue,
} from "./chatCredential";

/**
 * A credential and its holder's role in `workspaceId`, and on its bot `botId` when that bot is shared with them
 * (private uploaded files, kept under their workspace and bot).
 */
export async function readWorkspaceMemberRole(
  pool: Pool,
  workspaceId: string,
  credential: ChatCredentialLookup,
  botId: string,
): Promise<ChatCredentialRow> {
  const sql = credentialSql(credential.kind, "w.id", `w."botId"`);
  const { rows } = await pool.query({
    name: `readWorkspaceMemberRole_${credential.kind}`,
    text: `SELECT ${sql.columns} FROM (SELECT $1::text AS id, $3::text AS "botId") w ${sql.join}`,
    values: [workspaceId, credentialValue(credential), botId],
  });
  return credentialFromRow(rows[0] ?? {});
}
