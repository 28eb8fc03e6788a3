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
import {
  type KnowledgeBaseWithCredentialsRow,
  knowledgeBaseWithCredentialsJson,
  type StoredCredentialsRow,
} from "./readKnowledgeBasesWithCredentials";
import { typebotCompatibilitySql } from "./typebotCompatibility";

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
  /** Started on Typebot's paths: its responses take Typebot's shape. */
  isTypebotClient: boolean;
  /** Started keyless on Typebot's path, in a workspace whose Typebot compatibility is still on: continued without Authorization. */
  isKeyless: boolean;
  /**
   * When the previous turn was written (writer's clock, just before its write), if it stored a
   * response. A request that arrived before it cannot be an answer to the input that turn showed.
   */
  previousTurnAt: Date | null;
  /** SHA-256 of the previous turn's request body (repeated-submit detection). */
  previousTurnRequestHash: string | null;
}

/**
 * What the AI agent the session waits on needs for the visitor's next message, read with the session: the rows
 * of the ids its state names (`aiAgentDialogue.reads`), each of the session's workspace (another workspace's id
 * reads as missing). Null when the session waits on no agent (or its state names no ids).
 */
export interface AiAgentReadRows {
  /** Its model's credentials, null when missing. */
  credentials: StoredCredentialsRow | null;
  /** Its knowledge bases found, each with its embeddings credentials. */
  knowledgeBases: KnowledgeBaseWithCredentialsRow[];
}

export interface ChatSessionRead {
  session: ChatSessionRow | null;
  credential: ChatCredentialRow;
  /** The record stored under `recordKey` for this session, if any (Idempotency-Key replay). */
  record: ChatTurnRecordRow | null;
  aiAgent: AiAgentReadRows | null;
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
    isTypebotClient: row.isTypebotClient ?? false,
    isKeyless: row.isKeyless ?? false,
    previousTurnAt: row.previousTurnAt ?? null,
    previousTurnRequestHash: row.previousTurnRequestHash ?? null,
  };
}

/**
 * SQL pieces reading, with a session `s` of a bot `b`, the rows the AI agent it waits on needs (AiAgentReadRows):
 * a LEFT JOIN and the select list, read back by aiAgentFromRow. Each subquery sits in a CASE on the session's
 * agent reads, which PostgreSQL evaluates first: a turn that waits on no agent (nearly all) runs neither.
 */
export const aiAgentReadSql = {
  join: `LEFT JOIN LATERAL (SELECT s.state -> 'aiAgentDialogue' -> 'reads' AS reads) agent ON true`,
  columns: `agent.reads IS NOT NULL AS "hasAgentReads",
    CASE WHEN agent.reads IS NOT NULL THEN (SELECT json_build_object('id', ac.id, 'workspaceId', ac."workspaceId",
        'type', ac.type, 'data', ac.data, 'iv', ac.iv)
      FROM "Credentials" ac
      WHERE ac.id = agent.reads ->> 'credentialsId' AND ac."workspaceId" = b."workspaceId") END AS "agentCredentials",
    CASE WHEN agent.reads IS NOT NULL THEN (SELECT json_agg(${knowledgeBaseWithCredentialsJson})
      FROM "KnowledgeBase" kb
      LEFT JOIN "Credentials" c ON c.id = kb."credentialsId" AND c."workspaceId" = kb."workspaceId"
      WHERE kb."workspaceId" = b."workspaceId" AND kb.id IN (SELECT jsonb_array_elements_text(
        CASE WHEN jsonb_typeof(agent.reads -> 'knowledgeBaseIds') = 'array'
          THEN agent.reads -> 'knowledgeBaseIds' END))) END AS "agentKnowledgeBases"`,
};

// biome-ignore lint/suspicious/noExplicitAny: rows of pg are untyped
export function aiAgentFromRow(row: Record<string, any> | undefined): AiAgentReadRows | null {
  return row?.hasAgentReads
    ? { credentials: row.agentCredentials ?? null, knowledgeBases: row.agentKnowledgeBases ?? [] }
    : null;
}

const statements = new Map<string, string>();

function statementFor(kind: ChatCredentialLookup["kind"]) {
  let text = statements.get(kind);
  if (!text) {
    const credential = credentialSql(kind, 'b."workspaceId"', "b.id");
    text = `SELECT s.id, s."botId", b."workspaceId", s."publishedBotId", s."isPreview", s."resultId",
        s.state, s.turn, s."expiresAt", s."isCompleted", s."previewFlow", s."isTypebotClient",
        (s."isKeyless" AND ${typebotCompatibilitySql("w")}) AS "isKeyless", prev."createdAt" AS "previousTurnAt",
        prev."requestHash" AS "previousTurnRequestHash",
        ${credential.columns},
        ${recordColumns},
        ${aiAgentReadSql.columns}
      FROM (SELECT 1) one
      LEFT JOIN "ChatSession" s ON s.id = $1
      LEFT JOIN "Bot" b ON b.id = s."botId"
      LEFT JOIN "Workspace" w ON w.id = b."workspaceId"
      ${aiAgentReadSql.join}
      ${credential.join}
      LEFT JOIN "ChatTurnRecord" rec ON rec."sessionId" = $1 AND rec.key = $3
      LEFT JOIN "ChatTurnRecord" prev ON prev."sessionId" = $1 AND prev.key = 'turn:' || (s.turn - 1)`;
    statements.set(kind, text);
  }
  return text;
}

/**
 * One statement for the hot path of continueChat / updateBot: the session, the
 * caller's credential and membership, the Idempotency-Key record, and what the
 * AI agent the session waits on needs (its credentials, its knowledge bases).
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
    aiAgent: aiAgentFromRow(row),
  };
}
