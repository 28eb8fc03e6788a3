import type { Pool } from "../pool";
import {
  type ChatCredentialLookup,
  type ChatCredentialRow,
  credentialFromRow,
  credentialSql,
  credentialValue,
} from "./chatCredential";

/** A credential and its holder's role in `workspaceId` (private uploaded files). */
export async function readWorkspaceMemberRole(
  pool: Pool,
  workspaceId: string,
  credential: ChatCredentialLookup,
): Promise<ChatCredentialRow> {
  const sql = credentialSql(credential.kind, "w.id");
  const { rows } = await pool.query({
    name: `readWorkspaceMemberRole_${credential.kind}`,
    text: `SELECT ${sql.columns} FROM (SELECT $1::text AS id) w ${sql.join}`,
    values: [workspaceId, credentialValue(credential)],
  });
  return credentialFromRow(rows[0] ?? {});
}
