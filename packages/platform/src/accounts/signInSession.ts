import { createId, type Prisma } from "@parley/db";
import type { AuditEntryDetails, SecondFactor } from "@parley/schemas/management/auditLog";
import { appendAuditEntry } from "../audit/appendAuditEntry";
import { generateSecret, hashSecret } from "../auth/secrets";
import { createUserSession } from "../auth/userSessions";

/** The browser's cookie of a sign-in waiting for its second factor (the secret; the row keeps its SHA-256). */
export const SIGN_IN_CHALLENGE_COOKIE = "parley_sign_in_challenge";
/** How long the second factor may be given after the first. */
export const SIGN_IN_CHALLENGE_TTL_MS = 10 * 60 * 1000;

/**
 * How the person proved who they are first. Single sign-on is never followed by this install's second factor:
 * the identity provider owns multi-factor authentication for its accounts (docs/deploy.md, "Two-factor sign-in").
 */
export type FirstFactor =
  | { method: "password" | "magicLink" | "passwordReset" }
  | { method: "sso"; provider: string };

interface SignInUser {
  id: string;
  email: string;
  name: string | null;
}

/** The client that signs in: its address (the trusted-proxy rule) and user agent. */
export interface SignInClient {
  ip: string;
  userAgent: string;
}

/** After the first factor: signed in, or a challenge to answer with the second (its secret for the cookie). */
export type FirstFactorOutcome<User extends SignInUser = SignInUser> =
  | { status: "signedIn"; user: User; session: { token: string; expiresAt: Date } }
  | { status: "secondFactorRequired"; user: User; challenge: { token: string; expiresAt: Date } };

/** The audit log's and the session list's description of a sign-in. */
export function describeSignIn(factor: FirstFactor, secondFactor: SecondFactor): AuditEntryDetails {
  return {
    method: factor.method === "passwordReset" ? "password" : factor.method,
    ...(factor.method === "sso" ? { provider: factor.provider } : {}),
    secondFactor,
  };
}

/** `password`, `magicLink+totp`, `sso:google`: the method a session was opened with, as the session list shows it. */
function sessionMethodOf(factor: FirstFactor, secondFactor: SecondFactor) {
  const first = factor.method === "sso" ? `sso:${factor.provider}` : factor.method;
  return secondFactor === "none" ? first : `${first}+${secondFactor}`;
}

/**
 * Opens the builder session of a sign-in whose factors were all given, with its `user.signedIn` entry naming the
 * method and the second factor, in the caller's transaction.
 */
export async function openSignInSession<User extends SignInUser>(
  tx: Prisma.TransactionClient,
  user: User,
  factor: FirstFactor,
  secondFactor: SecondFactor,
  client: SignInClient,
) {
  const session = await createUserSession(tx, user.id, {
    method: sessionMethodOf(factor, secondFactor),
    ...client,
    ssoProvider: factor.method === "sso" ? factor.provider : null,
  });
  await appendAuditEntry(
    tx,
    { ...client, actor: { id: user.id, email: user.email } },
    {
      action: "user.signedIn",
      workspaceId: null,
      target: { type: "user", id: user.id },
      details: describeSignIn(factor, secondFactor),
    },
  );
  return session;
}

/**
 * The step after a first factor that was right: an account with a confirmed second factor gets a challenge
 * (answered by `verifySignInSecondFactor` within 10 minutes) unless it signed in through single sign-on; any other
 * sign-in opens its session at once. In the caller's transaction.
 */
export async function passFirstFactor<User extends SignInUser>(
  tx: Prisma.TransactionClient,
  user: User,
  factor: FirstFactor,
  client: SignInClient,
): Promise<FirstFactorOutcome<User>> {
  if (factor.method !== "sso" && (await hasSecondFactor(tx, user.id))) {
    const token = generateSecret("");
    const now = new Date();
    const expiresAt = new Date(now.getTime() + SIGN_IN_CHALLENGE_TTL_MS);
    await tx.signInChallenge.deleteMany({ where: { expiresAt: { lte: now } } });
    await tx.signInChallenge.create({
      data: {
        id: createId(),
        tokenHash: hashSecret(token),
        userId: user.id,
        method: factor.method,
        expiresAt,
        createdAt: now,
      },
    });
    return { status: "secondFactorRequired", user, challenge: { token, expiresAt } };
  }
  return {
    status: "signedIn",
    user,
    session: await openSignInSession(tx, user, factor, "none", client),
  };
}

/** Whether the account confirmed an authenticator (sign-in then asks for its code). */
export async function hasSecondFactor(tx: Prisma.TransactionClient, userId: string) {
  const row = await tx.userTwoFactor.findUnique({ where: { userId }, select: { enabledAt: true } });
  return Boolean(row?.enabledAt);
}
