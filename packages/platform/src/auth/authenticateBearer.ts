import type { Database } from "@parley/db";
import { forbidden } from "../errors";
import { authErrors } from "./authErrors";
import { isTouchDue } from "./isTouchDue";
import { readBearerCredential } from "./readBearerCredential";

export interface AuthenticatedUser {
  id: string;
  email: string;
  name: string | null;
}

export type BearerCredential =
  | { kind: "apiToken"; user: AuthenticatedUser }
  | { kind: "chatKey"; botId: string; chatKeyId: string };

interface ApiTokenRow {
  id: string;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  owner: AuthenticatedUser;
}

/**
 * Resolves a bearer token to the user of an API token or to a bot's chat key.
 * Unknown and revoked tokens are FORBIDDEN (decisions.md).
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
    SELECT t.id, t."revokedAt", t."lastUsedAt", json_build_object('id', u.id, 'email', u.email, 'name', u.name) AS owner
    FROM "ApiToken" t JOIN "User" u ON u.id = t."ownerId" WHERE t."tokenHash" = ${credential.tokenHash}`;
  if (!apiToken) throw authErrors.unknownToken();
  if (apiToken.revokedAt) throw authErrors.revokedToken();
  if (isTouchDue(apiToken.lastUsedAt)) {
    await prisma.apiToken.update({ where: { id: apiToken.id }, data: { lastUsedAt: new Date() } });
  }
  return { kind: "apiToken", user: apiToken.owner };
}

/** For management endpoints: only API tokens act as a user; a chat key lacks that access. */
export async function authenticateApiUser(prisma: Database, header: string | null | undefined) {
  const credential = await authenticateBearer(prisma, header);
  if (credential.kind !== "apiToken") throw forbidden();
  return credential.user;
}
