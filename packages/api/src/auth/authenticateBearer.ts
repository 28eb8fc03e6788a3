import type { Database } from "@parley/db";
import { AppError } from "../errors";
import { API_TOKEN_PREFIX } from "./apiTokens";
import { hashSecret } from "./secrets";

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

const TOKEN_TOUCH_INTERVAL_MS = 60_000;
const BEARER_PATTERN = /^Bearer\s+(\S+)\s*$/i;

/** `Authorization: Bearer <token>` -> the token; a missing or malformed header is UNAUTHORIZED. */
export function readBearerToken(header: string | null | undefined): string {
  const match = header ? BEARER_PATTERN.exec(header) : null;
  if (!match?.[1]) throw new AppError("UNAUTHORIZED");
  return match[1];
}

/**
 * Resolves a bearer token to the user of an API token or to a bot's chat key.
 * Unknown and revoked tokens are FORBIDDEN (decisions.md).
 */
export async function authenticateBearer(
  prisma: Database,
  header: string | null | undefined,
): Promise<BearerCredential> {
  const token = readBearerToken(header);
  if (token.startsWith("ck_")) {
    const chatKey = await prisma.chatKey.findUnique({
      where: { key: token },
      select: { id: true, botId: true },
    });
    if (!chatKey) throw new AppError("FORBIDDEN", [{ message: "Unknown token", code: "TOKEN_UNKNOWN" }]);
    return { kind: "chatKey", botId: chatKey.botId, chatKeyId: chatKey.id };
  }
  // One statement (a nested select would be two): every API request starts here.
  const [apiToken] = token.startsWith(API_TOKEN_PREFIX)
    ? await prisma.$queryRaw<ApiTokenRow[]>`
        SELECT t.id, t."revokedAt", t."lastUsedAt", json_build_object('id', u.id, 'email', u.email, 'name', u.name) AS owner
        FROM "ApiToken" t JOIN "User" u ON u.id = t."ownerId" WHERE t."tokenHash" = ${hashSecret(token)}`
    : [];
  if (!apiToken) throw new AppError("FORBIDDEN", [{ message: "Unknown token", code: "TOKEN_UNKNOWN" }]);
  if (apiToken.revokedAt)
    throw new AppError("FORBIDDEN", [{ message: "Token revoked", code: "TOKEN_REVOKED" }]);
  if (!apiToken.lastUsedAt || Date.now() - apiToken.lastUsedAt.getTime() > TOKEN_TOUCH_INTERVAL_MS) {
    await prisma.apiToken.update({ where: { id: apiToken.id }, data: { lastUsedAt: new Date() } });
  }
  return { kind: "apiToken", user: apiToken.owner };
}

/** For management endpoints: only API tokens act as a user; a chat key lacks that access. */
export async function authenticateApiUser(prisma: Database, header: string | null | undefined) {
  const credential = await authenticateBearer(prisma, header);
  if (credential.kind !== "apiToken") throw new AppError("FORBIDDEN");
  return credential.user;
}
