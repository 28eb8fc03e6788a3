import { createId, type Database, type Prisma } from "@parley/db";
import { platformEnv } from "../env";
import { AppError } from "../errors";
import { parseCookieHeader } from "./cookies";
import { isTouchDue } from "./isTouchDue";
import { generateSecret, hashSecret } from "./secrets";

/** The builder's sign-in cookie; its value is the secret itself, with no prefix. */
export const SESSION_COOKIE = "parley_session";
const DAY_MS = 24 * 60 * 60 * 1000;

/** The session secret of a `Cookie` header; an empty value counts as absent. */
export function readSessionToken(cookieHeader: string | null): string | undefined {
  return parseCookieHeader(cookieHeader).get(SESSION_COOKIE) || undefined;
}

/** How a session was opened, for the account's security page (`password+totp`, `sso:google`…). */
export interface SessionOrigin {
  method: string;
  ip: string;
  userAgent: string;
  /** The identity provider it was opened through (`google`, `ws-<id>`): a workspace requiring one checks it. */
  ssoProvider?: string | null;
}

export async function createUserSession(
  prisma: Prisma.TransactionClient,
  userId: string,
  origin?: SessionOrigin,
) {
  const token = generateSecret("");
  const expiresAt = new Date(Date.now() + platformEnv.SESSION_TTL_DAYS * DAY_MS);
  await prisma.userSession.create({
    data: {
      id: createId(),
      userId,
      tokenHash: hashSecret(token),
      expiresAt,
      ...(origin ? { method: origin.method, ip: origin.ip, userAgent: origin.userAgent.slice(0, 512) } : {}),
      ssoProvider: origin?.ssoProvider ?? null,
    },
  });
  return { token, expiresAt };
}

export async function findUserOfSession(prisma: Database, token: string) {
  const session = await prisma.userSession.findUnique({
    where: { tokenHash: hashSecret(token) },
    select: {
      id: true,
      expiresAt: true,
      lastUsedAt: true,
      ssoProvider: true,
      user: { select: { id: true, email: true, name: true, interfaceLanguage: true } },
    },
  });
  if (!session || session.expiresAt.getTime() <= Date.now()) return null;
  if (isTouchDue(session.lastUsedAt)) {
    await prisma.userSession.update({ where: { id: session.id }, data: { lastUsedAt: new Date() } });
  }
  return { ...session.user, ssoProvider: session.ssoProvider };
}

/** The user signed in with a session secret (from the cookie), or UNAUTHORIZED without a live one. */
export async function authenticateSession(prisma: Database, token: string | undefined) {
  const user = token ? await findUserOfSession(prisma, token) : null;
  if (!user) throw new AppError("UNAUTHORIZED");
  return user;
}

export async function deleteUserSession(prisma: Database, token: string) {
  await prisma.userSession.deleteMany({ where: { tokenHash: hashSecret(token) } });
}
