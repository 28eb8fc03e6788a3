import { createId, type Database } from "@parley/db";
import { apiEnv } from "../env";
import { generateSecret, hashSecret } from "./secrets";

export const SESSION_COOKIE = "parley_session";
const DAY_MS = 24 * 60 * 60 * 1000;
/** lastUsedAt is refreshed at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

export async function createUserSession(prisma: Database, userId: string) {
  const token = generateSecret("");
  const expiresAt = new Date(Date.now() + apiEnv.SESSION_TTL_DAYS * DAY_MS);
  await prisma.userSession.create({
    data: { id: createId(), userId, tokenHash: hashSecret(token), expiresAt },
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
      user: { select: { id: true, email: true, name: true } },
    },
  });
  if (!session || session.expiresAt.getTime() <= Date.now()) return null;
  if (Date.now() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await prisma.userSession.update({ where: { id: session.id }, data: { lastUsedAt: new Date() } });
  }
  return session.user;
}

export async function deleteUserSession(prisma: Database, token: string) {
  await prisma.userSession.deleteMany({ where: { tokenHash: hashSecret(token) } });
}
