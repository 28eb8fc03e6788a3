import type { Pool } from "../pool";
import { pickStoredFlow, type StoredFlowColumns, storedFlowSql } from "../storedFlow";
import { canaryJoinSql, chatVersionSql } from "./canaryRouting";
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
import { typebotCompatibilitySql } from "./typebotCompatibility";

export interface ChatBotRow {
  id: string;
  workspaceId: string;
  /** The version this new chat starts on: the current one, or a running canary's for its share of chats. */
  publishedBotId: string | null;
  isClosed: boolean;
  isArchived: boolean;
  isWorkspaceSuspended: boolean;
  /** The published version's risk (held at or above PUBLISH_RISK_THRESHOLD unless the workspace is verified). */
  riskLevel: number | null;
  isWorkspaceVerified: boolean;
  chatsHardLimit: number | null;
  plan: string;
  /** Its workspace serves Typebot's chat API (typebotCompatibility.ts). */
  isTypebotCompatible: boolean;
}

/** The draft document of a bot (preview), as stored: read it with `toDraftFlowSnapshot`. */
export type BotDraftRow = { version: string; name: string; updatedAt: Date } & StoredFlowColumns;

export interface ChatBotRead {
  bot: ChatBotRow | null;
  credential: ChatCredentialRow;
  record: ChatTurnRecordRow | null;
}

/** Scope of the Idempotency-Key records of startChat (there is no session yet). */
export function startRecordScope(botId: string) {
  return `start:${botId}`;
}

type Lookup = "publicId" | "id";
const statements = new Map<string, string>();

function statementFor(lookup: Lookup, kind: ChatCredentialLookup["kind"], withDraft: boolean) {
  const cacheKey = `${lookup}_${kind}_${withDraft}`;
  let text = statements.get(cacheKey);
  if (!text) {
    const credential = credentialSql(kind, 'b."workspaceId"', "b.id");
    const draftColumns = withDraft ? `, b.version, b.name, b."updatedAt", ${storedFlowSql("b")}` : "";
    text = `SELECT b.id, b."workspaceId", ${chatVersionSql("b", "cr")} AS "publishedBotId", b."isClosed", b."isArchived", b."riskLevel",
        w."isSuspended" AS "isWorkspaceSuspended", w."isVerified" AS "isWorkspaceVerified", w."chatsHardLimit", w.plan::text AS plan ${draftColumns},
        ${typebotCompatibilitySql("w")} AS "isTypebotCompatible",
        ${credential.columns},
        ${recordColumns}
      FROM (SELECT 1) one
      LEFT JOIN "Bot" b ON b."${lookup}" = $1
      LEFT JOIN "Workspace" w ON w.id = b."workspaceId"
      ${canaryJoinSql("b", "cr")}
      ${credential.join}
      LEFT JOIN "ChatTurnRecord" rec ON rec."sessionId" = 'start:' || b.id AND rec.key = $3`;
    statements.set(cacheKey, text);
  }
  return { name: `readBotForChat_${cacheKey}`, text };
}

/**
 * One statement for startChat: the bot (by publicId, or by id for the preview
 * with its draft) with the version the new chat starts on (a canary's draw), its workspace's flags, the caller's credential and
 * membership, and the Idempotency-Key record of a previous start.
 */
export async function readBotForChat(
  pool: Pool,
  input: {
    lookup: Lookup;
    value: string;
    credential: ChatCredentialLookup;
    recordKey: string | null;
    withDraft?: boolean;
  },
): Promise<ChatBotRead & { draft: BotDraftRow | null }> {
  const { rows } = await pool.query({
    ...statementFor(input.lookup, input.credential.kind, input.withDraft ?? false),
    values: [input.value, credentialValue(input.credential), input.recordKey ?? ""],
  });
  const row = rows[0];
  return {
    bot: row.id
      ? {
          id: row.id,
          workspaceId: row.workspaceId,
          publishedBotId: row.publishedBotId,
          isClosed: row.isClosed,
          isArchived: row.isArchived,
          isWorkspaceSuspended: row.isWorkspaceSuspended,
          riskLevel: row.riskLevel,
          isWorkspaceVerified: row.isWorkspaceVerified,
          chatsHardLimit: row.chatsHardLimit,
          plan: row.plan,
          isTypebotCompatible: row.isTypebotCompatible === true,
        }
      : null,
    draft:
      row.id && input.withDraft
        ? { version: row.version, name: row.name, updatedAt: row.updatedAt, ...pickStoredFlow(row) }
        : null,
    credential: credentialFromRow(row),
    record: recordFromRow(row),
  };
}
