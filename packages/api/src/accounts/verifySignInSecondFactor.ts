import type { Database } from "@parley/db";
import { looksLikeRecoveryCode } from "@parley/platform/accounts/recoveryCodes";
import {
  consumeSecondFactorAttempt,
  defaultSecondFactorThrottle,
  forgiveSecondFactorAttempt,
  type SecondFactorThrottle,
} from "@parley/platform/accounts/secondFactorThrottle";
import {
  describeSignIn,
  type FirstFactor,
  openSignInSession,
  type SignInClient,
} from "@parley/platform/accounts/signInSession";
import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { hashSecret } from "@parley/platform/auth/secrets";
import { badRequest } from "@parley/platform/errors";
import { useSecondFactorCode, wrongCode } from "./secondFactorCode";

/** Wrong codes one sign-in takes before it ends (then the first factor is asked again). */
export const MAX_CHALLENGE_ATTEMPTS = 5;

const expiredSignIn = () =>
  badRequest("This sign-in has expired or was already completed. Sign in again.", "SIGN_IN_EXPIRED", [
    "code",
  ]);

const firstFactorOf = (method: string): FirstFactor =>
  method === "magicLink" || method === "passwordReset" ? { method } : { method: "password" };

/**
 * The second step of a sign-in: the challenge its first factor left (the cookie's secret) and a code of the
 * account's authenticator, or one of its recovery codes. Each code is counted first (secondFactorThrottle.ts:
 * RateLimitError when the account's or the address's limit is full); a wrong one is `user.signInFailed` and
 * BAD_REQUEST INVALID_TWO_FACTOR_CODE, and the fifth wrong one ends the challenge. A right one ends the challenge
 * and opens the session (`user.signedIn` naming the method and the second factor), in one transaction: a code and
 * a challenge used twice at once sign in once. BAD_REQUEST SIGN_IN_EXPIRED without a live challenge.
 */
export async function verifySignInSecondFactor(
  prisma: Database,
  input: { challengeToken: string | undefined; code: string },
  client: SignInClient,
  throttle: SecondFactorThrottle = defaultSecondFactorThrottle,
) {
  if (!input.challengeToken) throw expiredSignIn();
  const challenge = await prisma.signInChallenge.findFirst({
    where: { tokenHash: hashSecret(input.challengeToken), expiresAt: { gt: new Date() } },
    select: {
      id: true,
      method: true,
      user: { select: { id: true, email: true, name: true, twoFactor: { select: { enabledAt: true } } } },
    },
  });
  // An operator's reset since the first factor ended it too: the next sign-in asks for no code.
  if (!challenge?.user.twoFactor?.enabledAt) throw expiredSignIn();
  const { twoFactor: _, ...user } = challenge.user;
  await consumeSecondFactorAttempt(throttle, user.id, client.ip);
  const factor = firstFactorOf(challenge.method);
  const signedIn = await prisma.$transaction(async (tx) => {
    const used = await useSecondFactorCode(tx, user.id, input.code);
    if (!used) return null;
    const { count } = await tx.signInChallenge.deleteMany({ where: { id: challenge.id } });
    // Completed meanwhile by the same challenge: the code's use is rolled back with this transaction.
    if (count !== 1) throw expiredSignIn();
    return { used, session: await openSignInSession(tx, user, factor, used, client) };
  });
  if (!signedIn) {
    await prisma.$transaction(async (tx) => {
      await tx.signInChallenge.updateMany({
        where: { id: challenge.id },
        data: { attempts: { increment: 1 } },
      });
      await tx.signInChallenge.deleteMany({
        where: { id: challenge.id, attempts: { gte: MAX_CHALLENGE_ATTEMPTS } },
      });
      await appendAuditEntry(
        tx,
        { ...client, actor: { id: user.id, email: user.email } },
        {
          action: "user.signInFailed",
          workspaceId: null,
          target: { type: "user", id: user.id },
          details: describeSignIn(factor, looksLikeRecoveryCode(input.code) ? "recoveryCode" : "totp"),
        },
      );
    });
    throw wrongCode();
  }
  await forgiveSecondFactorAttempt(throttle, user.id, client.ip);
  await prisma.signInChallenge.deleteMany({ where: { userId: user.id } });
  return { user, session: signedIn.session, secondFactor: signedIn.used };
}
