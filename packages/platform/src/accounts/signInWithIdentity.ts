import { createId, type Database } from "@parley/db";
import { appendAuditEntry } from "../audit/appendAuditEntry";
import { AppError } from "../errors";
import { createUserAccount, normalizeEmail } from "./createUserAccount";
import { emailDomainOf, joinWorkspaceByDomain } from "./domainJoining";
import type { SignInOptions } from "./signIn";
import { openSignInSession } from "./signInSession";
import { consumeSignInAttempt, defaultSignInThrottle, forgiveSignInAttempt } from "./signInThrottle";

/** Who an identity provider says signed in (packages/integrations/src/sso/ssoClient.ts reads it). */
export interface ProviderIdentity {
  /** The provider's id (`google`, `oidc`…). */
  provider: string;
  subject: string;
  email: string | null;
  /** The provider says the person controls `email`. */
  emailVerified: boolean;
  name: string | null;
}

/** Why a single sign-on was refused: the sign-in page says it (`/sign-in?error=<code>`). */
export type IdentitySignInRefusal =
  | "SSO_EMAIL_NOT_VERIFIED"
  | "SSO_ACCOUNT_NOT_VERIFIED"
  | "SSO_DOMAIN_NOT_ALLOWED"
  | "SIGN_UP_DISABLED";

const refusalMessages: Record<IdentitySignInRefusal, string> = {
  SSO_EMAIL_NOT_VERIFIED:
    "The identity provider did not confirm that this e-mail address is yours, so it cannot sign you in.",
  SSO_ACCOUNT_NOT_VERIFIED:
    "An account already uses this e-mail address but has never confirmed it: sign in once with an e-mailed link (or a password reset link), then use single sign-on again.",
  SSO_DOMAIN_NOT_ALLOWED:
    "This workspace's single sign-on accepts only addresses of its verified domains: sign in with your work address.",
  SIGN_UP_DISABLED:
    "This install does not let new accounts sign up: ask its administrator for an invitation.",
};

export const refuseIdentitySignIn = (code: IdentitySignInRefusal) =>
  new AppError("BAD_REQUEST", [{ message: refusalMessages[code], code }]);

export interface IdentitySignInOptions extends SignInOptions {
  /** A new account may be made (ALLOW_SIGNUP, or the install's first user); a pending invitation also allows it. */
  allowSignUp: boolean;
  /**
   * A workspace's own provider (its ADMINs configure it, so its word counts only for their domains): the address
   * must be verified and of `allowedDomains` (the provider's allowed domains the workspace verified) on every
   * sign-in; an address of `joinableDomains` joins the workspace as MEMBER (and may make an account).
   */
  workspaceProvider?: { workspaceId: string; allowedDomains: string[]; joinableDomains: string[] };
}

/**
 * Signs in with a provider's identity. An identity already joined to an account signs it in. Otherwise the
 * provider's address must be verified, and: an account with that address is joined when it verified the address
 * too (both sides proved it: never by an unverified claim, and never an account someone made with another's
 * address and a password); no account: one is made (no password, the address verified, a workspace of its own when
 * sign-up is open) when sign-up is open or an invitation waits for the address. Counted as a sign-in attempt of
 * the client's address; every outcome is in the audit log (`user.signedIn`, `user.signInFailed`).
 */
export async function signInWithIdentity(
  prisma: Database,
  identity: ProviderIdentity,
  {
    allowSignUp,
    clientAddress = "unknown",
    throttle = defaultSignInThrottle,
    userAgent = "unknown",
    workspaceProvider,
  }: IdentitySignInOptions,
) {
  await consumeSignInAttempt(throttle, { email: null, clientAddress });
  const audit = { ip: clientAddress, userAgent };
  const email = identity.email ? normalizeEmail(identity.email) : null;
  const refuse = async (code: IdentitySignInRefusal, userId: string | null) => {
    await appendAuditEntry(
      prisma,
      { ...audit, actor: { id: userId, email: email ?? `${identity.provider}:${identity.subject}` } },
      {
        action: "user.signInFailed",
        workspaceId: null,
        target: { type: "user", id: userId ?? email ?? identity.subject },
        details: { method: "sso", provider: identity.provider },
      },
    );
    return refuseIdentitySignIn(code);
  };

  const domain = email ? emailDomainOf(email) : null;
  if (workspaceProvider) {
    if (!email || !identity.emailVerified) throw await refuse("SSO_EMAIL_NOT_VERIFIED", null);
    if (!domain || !workspaceProvider.allowedDomains.includes(domain))
      throw await refuse("SSO_DOMAIN_NOT_ALLOWED", null);
  }
  const joinsWorkspace = domain !== null && workspaceProvider?.joinableDomains.includes(domain) === true;

  const joined = await prisma.userIdentity.findUnique({
    where: { provider_subject: { provider: identity.provider, subject: identity.subject } },
    select: { userId: true },
  });
  let userId = joined?.userId;
  if (!userId) {
    if (!email || !identity.emailVerified) throw await refuse("SSO_EMAIL_NOT_VERIFIED", null);
    const existing = await prisma.user.findUnique({
      where: { email },
      select: { id: true, emailVerifiedAt: true },
    });
    if (existing && !existing.emailVerifiedAt) throw await refuse("SSO_ACCOUNT_NOT_VERIFIED", existing.id);
    if (existing) {
      userId = existing.id;
    } else {
      const invited = await prisma.workspaceInvitation.count({
        where: { email, expiresAt: { gt: new Date() } },
      });
      const isFirstUser = (await prisma.user.count()) === 0;
      if (!allowSignUp && !isFirstUser && invited === 0 && !joinsWorkspace)
        throw await refuse("SIGN_UP_DISABLED", null);
      const displayName = identity.name?.trim() || email.split("@")[0];
      const created = await createUserAccount(prisma, {
        email,
        name: identity.name ?? undefined,
        emailVerifiedAt: new Date(),
        workspaceName: allowSignUp || isFirstUser ? `${displayName}'s workspace` : undefined,
      });
      userId = created.user.id;
    }
  }
  const signedIn = await prisma.$transaction(async (tx) => {
    const now = new Date();
    await tx.userIdentity.upsert({
      where: { provider_subject: { provider: identity.provider, subject: identity.subject } },
      create: {
        id: createId(),
        provider: identity.provider,
        subject: identity.subject,
        userId,
        createdAt: now,
        lastUsedAt: now,
      },
      update: { lastUsedAt: now },
    });
    const user = await tx.user.findUniqueOrThrow({
      where: { id: userId },
      select: { id: true, email: true, name: true },
    });
    // The provider owns multi-factor authentication: no second factor of this install is asked (signInSession.ts).
    const factor = { method: "sso", provider: identity.provider } as const;
    const session = await openSignInSession(tx, user, factor, "none", audit);
    // Signing in through a workspace's provider with an address its domains let join is joining it.
    if (workspaceProvider && joinsWorkspace) {
      const isMember = await tx.memberInWorkspace.count({
        where: { userId: user.id, workspaceId: workspaceProvider.workspaceId },
      });
      if (isMember === 0)
        await joinWorkspaceByDomain(tx, { user, workspaceId: workspaceProvider.workspaceId, audit });
    }
    return { user, session };
  });
  await forgiveSignInAttempt(throttle, { email: signedIn.user.email, clientAddress });
  return signedIn;
}
