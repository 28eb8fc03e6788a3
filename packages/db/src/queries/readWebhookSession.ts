import type { Pool } from "../pool";
import {
  type ChatCredentialLookup,
  type ChatCredentialRow,
  credentialFromRow,
  credentialSql,
  credentialValue,
} from "./chatCredential";
import { type ChatSessionRow, sessionFromRow } from "./readChatSession";

export interface WebhookSessionRead {
  /** The bot with this public id (null: unknown or deleted). */
  bot: { id: string; workspaceId: string } | null;
  credential: ChatCredentialRow;
  /** The newest live session of the result, if the result is the bot's. */
  session: ChatSessionRow | null;
}

const statements = new Map<string, string>();

function statementFor(kind: ChatCredentialLookup["kind"]) {
  let text = statements.get(kind);
  if (!text) {
    const credential = credentialSql(kind, 'b."workspaceId"', "b.id");
    text = `SELECT b.id AS "botId", b."workspaceId", s.id, s."publishedBotId", s."isPreview", s."resultId",
        s.state, s.turn, s."expiresAt", s."isCompleted", s."previewFlow",
        ${credential.columns}
      FROM (SELECT 1) one
      LEFT JOIN "Bot" b ON b."publicId" = $1 AND NOT b."isArchived"
      ${credential.join}
      LEFT JOIN LATERAL (SELECT * FROM "ChatSession" cs
        WHERE cs."resultId" = $3 AND cs."botId" = b.id AND NOT cs."isPreview"
        ORDER BY cs."createdAt" DESC LIMIT 1) s ON true`;
    statements.set(kind, text);
  }
  return text;
}

/**
 * One statement for executeWebhook: the bot by its public id, the caller's credential and role in
 * the bot's workspace, and the newest session of the addressed result.
 */
export async function readWebhookSession(
  pool: Pool,
  input: { publicId: string; resultId: string; credential: ChatCredentialLookup },
): Promise<WebhookSessionRead> {
  const { rows } = await pool.query({
    name: `readWebhookSession_${input.credential.kind}`,
    text: statementFor(input.credential.kind),
    values: [input.publicId, credentialValue(input.credential), input.resultId],
  });
  const row = rows[0];
  return {
    bot: row.botId ? { id: row.botId, workspaceId: row.workspaceId } : null,
    credential: credentialFromRow(row),
    session: sessionFromRow(row),
  };
}
