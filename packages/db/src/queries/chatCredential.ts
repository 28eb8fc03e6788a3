import type { Pool } from "../pool";

/** How the caller of a chat endpoint presented itself; the hashes are SHA-256 of the secret. */
export type ChatCredentialLookup =
  | { kind: "chatKey"; key: string }
  | { kind: "apiToken"; tokenHash: string }
  | { kind: "userSession"; tokenHash: string }
  /** No Authorization at all, on Typebot's paths and the sessions started there (docs/typebot-compat.md). */
  | { kind: "keyless" };

/** What the database knows about a credential, read in the same statement as the addressed record. */
export interface ChatCredentialRow {
  credentialId: string | null;
  /** The bot of a chat key. */
  credentialBotId: string | null;
  /** The user of an API token or a builder session. */
  userId: string | null;
  /** Revoked or expired token, or expired builder session. */
  isRevoked: boolean | null;
  /** False for an API token whose scopes leave out `chat` (a token without scopes may chat). */
  mayChat: boolean | null;
  lastUsedAt: Date | null;
  /**
   * The user's role in the workspace of the addressed bot, if a member (none for an API token restricted to
   * another workspace).
   */
  memberRole: "ADMIN" | "MEMBER" | "GUEST" | null;
  /** The user's role on the addressed bot when it was shared with them (`BotCollaborator`), under the same token rule. */
  botRole: "VIEWER" | "EDITOR" | null;
  /**
   * The identity provider the builder session was opened through, or that of the session that made the API token
   * (`google`, `ws-<id>`…); null for a password, an e-mailed link, a token made without single sign-on.
   */
  ssoProvider: string | null;
  /**
   * `ws-<WorkspaceSso.id>` when the addressed bot's workspace requires its single sign-on (read for a user's
   * credential only), else null: `assertWorkspaceSignIn` applies it.
   */
  requiredSsoProvider: string | null;
}

const credentialSubqueries: Record<ChatCredentialLookup["kind"], string> = {
  chatKey: `SELECT ck.id AS "credentialId", ck."botId" AS "credentialBotId", NULL::text AS "userId",
      false AS "isRevoked", NULL::timestamptz AS "lastUsedAt", true AS "mayChat", NULL::text AS "tokenWorkspaceId",
      NULL::text AS "ssoProvider"
    FROM "ChatKey" ck WHERE ck.key = $2`,
  apiToken: `SELECT t.id AS "credentialId", NULL::text AS "credentialBotId", t."ownerId" AS "userId",
      (t."revokedAt" IS NOT NULL OR t."expiresAt" <= now()) AS "isRevoked", t."lastUsedAt",
      (cardinality(t.scopes) = 0 OR 'chat' = ANY(t.scopes)) AS "mayChat", t."workspaceId" AS "tokenWorkspaceId",
      t."ssoProvider"
    FROM "ApiToken" t WHERE t."tokenHash" = $2`,
  userSession: `SELECT us.id AS "credentialId", NULL::text AS "credentialBotId", us."userId",
      us."expiresAt" <= now() AS "isRevoked", us."lastUsedAt", true AS "mayChat", NULL::text AS "tokenWorkspaceId",
      us."ssoProvider"
    FROM "UserSession" us WHERE us."tokenHash" = $2`,
  // No row: $2 is named only so that every statement binds the same parameters.
  keyless: `SELECT NULL::text AS "credentialId", NULL::text AS "credentialBotId", NULL::text AS "userId",
      NULL::boolean AS "isRevoked", NULL::timestamptz AS "lastUsedAt", NULL::boolean AS "mayChat",
      NULL::text AS "tokenWorkspaceId", NULL::text AS "ssoProvider" WHERE $2::text IS NULL`,
};

/**
 * SQL pieces resolving a credential (bound as $2) next to a bot whose workspace
 * column is `workspaceColumn` (and id column `botColumn`, for the role of a person it is shared with): a LEFT
 * JOIN and the select list. A user's credential also reads whether the workspace requires its single sign-on (the
 * same rule as `loadAccess.ts`).
 */
export function credentialSql(
  kind: ChatCredentialLookup["kind"],
  workspaceColumn: string,
  botColumn?: string,
) {
  const tokenRule = `(c."tokenWorkspaceId" IS NULL OR c."tokenWorkspaceId" = ${workspaceColumn})`;
  const botRole = botColumn
    ? `(SELECT bc.role::text FROM "BotCollaborator" bc
        WHERE bc."userId" = c."userId" AND bc."botId" = ${botColumn} AND ${tokenRule}) AS "botRole"`
    : `NULL::text AS "botRole"`;
  return {
    join: `LEFT JOIN (${credentialSubqueries[kind]}) c ON true`,
    columns: `c."credentialId", c."credentialBotId", c."userId", c."isRevoked", c."lastUsedAt", c."mayChat",
      (SELECT m.role::text FROM "MemberInWorkspace" m
        WHERE m."userId" = c."userId" AND m."workspaceId" = ${workspaceColumn} AND ${tokenRule}) AS "memberRole",
      ${botRole}, c."ssoProvider",
      CASE WHEN c."userId" IS NULL THEN NULL ELSE (SELECT 'ws-' || sso.id FROM "WorkspaceSso" sso
        WHERE sso."workspaceId" = ${workspaceColumn} AND sso."isEnforced") END AS "requiredSsoProvider"`,
  };
}

export function credentialValue(credential: ChatCredentialLookup): string {
  if (credential.kind === "keyless") return "";
  return credential.kind === "chatKey" ? credential.key : credential.tokenHash;
}

const touchCredentialText = {
  apiToken: `UPDATE "ApiToken" SET "lastUsedAt" = now() WHERE id = $1`,
  userSession: `UPDATE "UserSession" SET "lastUsedAt" = now() WHERE id = $1`,
};

/**
 * Sets lastUsedAt of an API token or a builder session to now (the caller keeps it roughly current: at most one
 * write a minute). Chat keys keep no such time: nothing is written for them.
 */
export async function touchChatCredential(
  pool: Pool,
  kind: ChatCredentialLookup["kind"],
  credentialId: string,
): Promise<void> {
  if (kind === "chatKey" || kind === "keyless") return;
  await pool.query({ text: touchCredentialText[kind], values: [credentialId] });
}

// biome-ignore lint/suspicious/noExplicitAny: rows of pg are untyped
type Row = Record<string, any>;

export function credentialFromRow(row: Row): ChatCredentialRow {
  return {
    credentialId: row.credentialId,
    credentialBotId: row.credentialBotId,
    userId: row.userId,
    isRevoked: row.isRevoked,
    mayChat: row.mayChat ?? null,
    lastUsedAt: row.lastUsedAt,
    memberRole: row.memberRole,
    botRole: row.botRole ?? null,
    ssoProvider: row.ssoProvider ?? null,
    requiredSsoProvider: row.requiredSsoProvider ?? null,
  };
}

/** A stored response (Idempotency-Key or turn replay). */
export interface ChatTurnRecordRow {
  statusCode: number;
  response: unknown;
  requestHash: string | null;
}

/** Select-list of the record joined as `rec`. */
export const recordColumns = `rec."statusCode" AS "recordStatusCode", rec.response AS "recordResponse",
  rec."requestHash" AS "recordRequestHash"`;

export function recordFromRow(row: Row): ChatTurnRecordRow | null {
  return row.recordStatusCode === null || row.recordStatusCode === undefined
    ? null
    : { statusCode: row.recordStatusCode, response: row.recordResponse, requestHash: row.recordRequestHash };
}
