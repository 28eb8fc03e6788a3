import { createId, type Database } from "@parley/db";
import { generateSecret, hashSecret } from "../auth/secrets";
import { badRequest } from "../errors";
import { markEmailVerified } from "./markEmailVerified";
import type { SignInOptions } from "./signIn";
import { passFirstFactor } from "./signInSession";
import { consumeSignInAttempt, defaultSignInThrottle, forgiveSignInAttempt } from "./signInThrottle";

/** How long an e-mailed sign-in link works. */
export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;

/**
 * A new sign-in link's secret (256 bits, base64url) for an account; only its SHA-256 is stored, with its
 * expiry. Expired links (anyone's) are deleted on the way.
 */
export async function createMagicLinkToken(prisma: Database, userId: string, now = new Date()) {
  const token = generateSecret("");
  const expiresAt = new Date(now.getTime() + MAGIC_LINK_TTL_MS);
  await prisma.$transaction([
    prisma.magicLinkToken.deleteMany({ where: { expiresAt: { lte: now } } }),
    prisma.magicLinkToken.create({
      data: { id: createId(), userId, tokenHash: hashSecret(token), expiresAt, createdAt: now },
    }),
  ]);
  return { token, expiresAt };
}

const invalidMagicLink = () =>
  badRequest(
    "This sign-in link is invalid, expired or already used. Ask for a new one.",
    "SIGN_IN_LINK_INVALID",
    ["token"],
  );

/**
 * Signs in with an e-mailed link and uses it up: the link is deleted by the statement that finds it (two
 * uses at once cannot both succeed), with the account's other links. Following it proves the address
 * (`emailVerifiedAt`). Counted as a sign-in attempt of the client's address (signInThrottle.ts), so links
 * cannot be guessed faster than passwords. An account with a second factor gets its challenge instead of a
 * session (the link is used up all the same). BAD_REQUEST SIGN_IN_LINK_INVALID when the link is unknown, used
 * or expired.
 */
export async function signInWithMagicLink(
  prisma: Database,
  { token }: { token: string },
  { clientAddress = "unknown", throttle = defaultSignInThrottle, userAgent = "unknown" }: SignInOptions = {},
) {
  const attempt = { email: null, clientAddress };
  await consumeSignInAttempt(throttle, attempt);
  const signedIn = await prisma.$transaction(async (tx) => {
    const used = await tx.$queryRaw<{ userId: string }[]>`
      DELETE FROM "MagicLinkToken" WHERE "tokenHash" = ${hashSecret(token)} AND "expiresAt" > now()
      RETURNING "userId"`;
    const userId = used[0]?.userId;
    if (!userId) return null;
    await tx.magicLinkToken.deleteMany({ where: { userId } });
    await markEmailVerified(tx, userId);
    const user = await tx.user.findUniqueOrThrow({
      where: { id: userId },
      select: { id: true, email: true, name: true },
    });
    return passFirstFactor(tx, user, { method: "magicLink" }, { ip: clientAddress, userAgent });
  });
  if (!signedIn) throw invalidMagicLink();
  await forgiveSignInAttempt(throttle, { email: signedIn.user.email, clientAddress });
  return signedIn;
}
