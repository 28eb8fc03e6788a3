import type { Pool } from "../pool";
import {
  type ChatCredentialLookup,
  type ChatCredentialRow,
  type ChatTurnRecordRow,
  credentialFromRow,
  credentialSql,
  credentialValue,
  recordColumns,
  recordFromRow,
} from "./chatCredential";

export interface ChatSessionRow {
  id: string;
  botId: string;
  workspaceId: string;
  publishedBotId: string | null;
  isPreview: boolean;
  resultId: string | null;
  state: unknown;
  turn: number;
  expiresAt: Date | null;
  isCompleted: boolean;
  previewFlow: unknown;
  /**
   * When the previous turn was written (writer's clock, just before its write), if it stored a
   * response. A request that arrived before it cannot be an answer to the input that turn showed.
   */
  previousTurnAt: Date | null;
  /** SHA-256 of the previous turn's request body (repeated-submit detection). */
  previousTurnRequestHash: string | null;
}

export interface ChatSessionRead {
  session: ChatSessionRow | null;
  credential: ChatCredentialRow;
  /** The record stored under `recordKey` for this session, if any (Idempotency-Key replay). */
  record: ChatTurnRecordRow | null;
}

/**
 * The session of a row selecting its columns under their own names (`id` null: no session), the
 * workspace as `workspaceId`; `previousTurnAt` and `previousTurnRequestHash` null unless selected.
 */
// biome-ignore lint/suspicious/noExplicitAny: rows of pg are untyped
export function sessionFromRow(row: Record<string, any>): ChatSessionRow | null {
  if (!row.id) return null;
  return {
    id: row.id,
    botId: row.botId,
    workspaceId: row.workspaceId,
    publishedBotId: row.publishedBotId,
    isPreview: row.isPreview,
    resultId: row.resultId,
    state: row.state,
    turn: row.turn,
    expiresAt: row.expiresAt,
    isCompleted: row.isCompleted,
    previewFlow: row.previewFlow,
    previousTurnAt: row.previousTurnAt ?? null,
    previousTurnRequestHash: row.previousTurnRequestHash ?? null,
  };
}

const statements = new Map<string, string>();

function statementFor(kind: ChatCredentialLookup["kind"]) {
  let text = statements.get(kind);
  if (!text) {
    const credential = credentialSql(kind, 'b."workspaceId"');
    text = `SELECT s.id, s."botId", b."workspaceId", s."publishedBotId", s."isPreview", s."resultId",
        s.state, s.turn, s."expiresAt", s."isCompleted", s."previewFlow", prev."createdAt" AS "previousTurnAt",
        prev."requestHash" AS "previousTurnRequestHash",
        ${credential.columns},
        ${recordColumns}
      FROM (SELECT 1) one
      LEFT JOIN "ChatSession" s ON s.id = $1
      LEFT JOIN "Bot" b ON b.id = s."botId"
      ${credential.join}
      LEFT JOIN "ChatTurnRecord" rec ON rec."sessionId" = $1 AND rec.key = $3
      LEFT JOIN "ChatTurnRecord" prev ON prev."sessionId" = $1 AND prev.key = 'turn:' || (s.turn - 1)`;
    statements.set(kind, text);
  }
  return text;
}

/**
 * One statement for the hot path of continueChat / updateBot: the session, the
 * caller's credential and membership, and the Idempotency-Key record.
 */
export async function readChatSession(
  pool: Pool,
  input: { sessionId: string; credential: ChatCredentialLookup; recordKey: string | null },
): Promise<ChatSessionRead> {
  const { rows } = await pool.query({
    name: `readChatSession_${input.credential.kind}`,
    text: statementFor(input.credential.kind),
    values: [input.sessionId, credentialValue(input.credential), input.recordKey ?? ""],
  });
  const row = rows[0];
  return {
    session: sessionFromRow(row),
    credential: credentialFromRow(row),
    record: recordFromRow(row),
  };
}
