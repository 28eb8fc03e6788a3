import type { Database } from "@parley/db";
import { forbidden } from "../errors";
import type { ApiTokenGrant } from "./apiTokenGrant";
import { authErrors } from "./authErrors";
import { isTouchDue } from "./isTouchDue";
import { readBearerCredential } from "./readBearerCredential";

export interface AuthenticatedUser {
  id: string;
  email: string;
  name: string | null;
  /** Present when an API token authenticated the request: its scopes and workspace restriction. */
  apiToken?: ApiTokenGrant;
  /** The identity provider the session (or the session that made the API token) signed in through; null: none. */
  ssoProvider?: string | null;
}

export type BearerCredential =
  | { kind: "apiToken"; user: AuthenticatedUser }
  | { kind: "chatKey"; botId: string; chatKeyId: string };

interface ApiTokenRow {
  id: string;
  revokedAt: Date | null;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  scopes: string[];
  workspaceId: string | null;
  ssoProvider: string | null;
  owner: AuthenticatedUser;
}

/**
 * Resolves a bearer token to the user of an API token or to a bot's chat key.
 * Unknown, revoked and expired tokens are FORBIDDEN (decisions.md).
 */
export async function authenticateBearer(
  prisma: Database,
  header: string | null | undefined,
): Promise<BearerCredential> {
  const credential = readBearerCredential(header);
  if (credential.kind === "chatKey") {
    const chatKey = await prisma.chatKey.findUnique({
      where: { key: credential.key },
      select: { id: true, botId: true },
    });
    if (!chatKey) throw authErrors.unknownToken();
    return { kind: "chatKey", botId: chatKey.botId, chatKeyId: chatKey.id };
  }
  // One statement (a nested select would be two): every API request starts here.
  const [apiToken] = await prisma.$queryRaw<ApiTokenRow[]>`
    SELECT t.id, t."revokedAt", t."expiresAt", t."lastUsedAt", t.scopes, t."workspaceId", t."ssoProvider", json_build_object('id', u.id, 'email', u.email, 'name', u.name) AS owner
    FROM "ApiToken" t JOIN "User" u ON u.id = t."ownerId" WHERE t."tokenHash" = ${credential.tokenHash}`;
  if (!apiToken) throw authErrors.unknownToken();
  if (apiToken.revokedAt) throw authErrors.revokedToken();
  if (apiToken.expiresAt && apiToken.expiresAt.getTime() <= Date.now()) throw authErrors.expiredToken();
  if (isTouchDue(apiToken.lastUsedAt)) {
    await prisma.apiToken.update({ where: { id: apiToken.id }, data: { lastUsedAt: new Date() } });
  }
  // No scopes stored: full access (tokens made before scopes existed, or made without them).
  const grant: ApiTokenGrant = {
    id: apiToken.id,
    scopes: apiToken.scopes?.length ? apiToken.scopes : null,
    workspaceId: apiToken.workspaceId,
  };
  return {
    kind: "apiToken",
    user: { ...apiToken.owner, apiToken: grant, ssoProvider: apiToken.ssoProvider },
  };
}

/** For management endpoints: only API tokens act as a user; a chat key lacks that access. */
export async function authenticateApiUser(prisma: Database, header: string | null | undefined) {
  const credential = await authenticateBearer(prisma, header);
  if (credential.kind !== "apiToken") throw forbidden();
  return credential.user;
}
