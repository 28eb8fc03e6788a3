import type { Database } from "@parley/db";
import { listInstanceSsoProviders } from "@parley/integrations/sso/ssoProviders";
import { type AuditRequest, appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { hashSecret } from "@parley/platform/auth/secrets";
import { AppError } from "@parley/platform/errors";
import { workspaceSsoProviderKey } from "@parley/schemas/management/workspaceSso";

/**
 * The names people know identity providers by: the install's (`google`, `oidc`…, from the environment) and
 * workspaces' own (`ws-<id>`: the name its ADMINs gave it). An unknown id (a provider since removed) keeps its id.
 */
async function readProviderNames(prisma: Database, providerIds: readonly string[]) {
  const names = new Map(listInstanceSsoProviders().map((provider) => [provider.id, provider.name]));
  const workspaceSsoIds = providerIds.filter((id) => id.startsWith("ws-")).map((id) => id.slice(3));
  if (workspaceSsoIds.length > 0) {
    const rows = await prisma.workspaceSso.findMany({
      where: { id: { in: [...new Set(workspaceSsoIds)] } },
      select: { id: true, name: true },
    });
    for (const row of rows) names.set(workspaceSsoProviderKey(row.id), row.name);
  }
  return names;
}

/** The account's live builder sessions, most recently used first; `isCurrent` marks this browser's. */
export async function listAccountSessions(
  prisma: Database,
  { userId, sessionToken }: { userId: string; sessionToken: string | undefined },
) {
  const currentHash = sessionToken ? hashSecret(sessionToken) : null;
  const sessions = await prisma.userSession.findMany({
    where: { userId, expiresAt: { gt: new Date() } },
    select: {
      id: true,
      tokenHash: true,
      createdAt: true,
      lastUsedAt: true,
      expiresAt: true,
      method: true,
      ip: true,
      userAgent: true,
      ssoProvider: true,
    },
    orderBy: [{ lastUsedAt: "desc" }, { id: "asc" }],
  });
  const providerNames = await readProviderNames(
    prisma,
    sessions.flatMap((session) => (session.ssoProvider ? [session.ssoProvider] : [])),
  );
  return sessions.map(({ tokenHash, ssoProvider, ...session }) => ({
    ...session,
    createdAt: session.createdAt.toISOString(),
    lastUsedAt: session.lastUsedAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    ssoProvider,
    ssoProviderName: ssoProvider ? (providerNames.get(ssoProvider) ?? ssoProvider) : null,
    isCurrent: tokenHash === currentHash,
  }));
}

/** The identity providers' accounts that sign this account in, oldest first. */
export async function listLinkedIdentities(prisma: Database, userId: string) {
  const identities = await prisma.userIdentity.findMany({
    where: { userId },
    select: { id: true, provider: true, createdAt: true, lastUsedAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const providerNames = await readProviderNames(
    prisma,
    identities.map((identity) => identity.provider),
  );
  return identities.map((identity) => ({
    ...identity,
    createdAt: identity.createdAt.toISOString(),
    lastUsedAt: identity.lastUsedAt?.toISOString() ?? null,
    providerName: providerNames.get(identity.provider) ?? identity.provider,
  }));
}

/** How an account signs in: its second factor, its live builder sessions and its single sign-on identities. */
export async function getAccountSecurity(
  prisma: Database,
  { userId, sessionToken }: { userId: string; sessionToken: string | undefined },
) {
  const [user, sessions, identities, recoveryCodesLeft] = await Promise.all([
    prisma.user.findUniqueOrThrow({
      where: { id: userId },
      select: { passwordHash: true, twoFactor: { select: { enabledAt: true } } },
    }),
    listAccountSessions(prisma, { userId, sessionToken }),
    listLinkedIdentities(prisma, userId),
    prisma.recoveryCode.count({ where: { userId, usedAt: null } }),
  ]);
  const enabledAt = user.twoFactor?.enabledAt ?? null;
  return {
    hasPassword: user.passwordHash !== null,
    twoFactor: {
      isEnabled: enabledAt !== null,
      enabledAt: enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: enabledAt ? recoveryCodesLeft : 0,
    },
    sessions,
    identities,
  };
}

/**
 * Signs the account out of every builder session but this browser's (`sessionToken`; over an API token, of every
 * one); `user.sessionsRevoked` when some ended. Returns how many ended. API tokens are kept (they are revoked on
 * their own).
 */
export async function signOutOtherSessions(
  prisma: Database,
  input: { userId: string; sessionToken: string | undefined; audit: AuditRequest },
) {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.userSession.deleteMany({
      where: {
        userId: input.userId,
        ...(input.sessionToken ? { tokenHash: { not: hashSecret(input.sessionToken) } } : {}),
      },
    });
    if (count > 0)
      await appendAuditEntry(tx, input.audit, {
        action: "user.sessionsRevoked",
        workspaceId: null,
        target: { type: "user", id: input.userId },
      });
    return count;
  });
}

/**
 * Signs the account out of one of its builder sessions (another browser, a lost laptop): that browser's next
 * request is signed out. `user.sessionRevoked` names the session. NOT_FOUND for a session that is not the
 * account's or has ended.
 */
export async function revokeAccountSession(
  prisma: Database,
  input: { userId: string; sessionId: string; audit: AuditRequest },
) {
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.userSession.deleteMany({
      where: { id: input.sessionId, userId: input.userId, expiresAt: { gt: new Date() } },
    });
    if (count === 0) throw new AppError("NOT_FOUND");
    await appendAuditEntry(tx, input.audit, {
      action: "user.sessionRevoked",
      workspaceId: null,
      target: { type: "session", id: input.sessionId },
    });
  });
}

/** The issue code of an unlink that would leave the account no way to sign in. */
export const LAST_SIGN_IN_METHOD = "LAST_SIGN_IN_METHOD";

/**
 * Unlinks an identity provider's account from this one: it no longer signs this account in (a later sign-in
 * through the provider links it again only by a verified e-mail address, as at first). Refused with
 * BAD_REQUEST `LAST_SIGN_IN_METHOD` when the account has no password and no other identity. The account's row is
 * locked meanwhile, so two unlinks at once cannot each leave the other's as the last. `user.identityUnlinked`.
 */
export async function unlinkIdentity(
  prisma: Database,
  input: { userId: string; identityId: string; audit: AuditRequest },
) {
  await prisma.$transaction(async (tx) => {
    const [account] = await tx.$queryRaw<{ hasPassword: boolean }[]>`
      SELECT "passwordHash" IS NOT NULL AS "hasPassword" FROM "User" WHERE id = ${input.userId} FOR UPDATE`;
    const identity = await tx.userIdentity.findFirst({
      where: { id: input.identityId, userId: input.userId },
      select: { id: true, provider: true },
    });
    if (!account || !identity) throw new AppError("NOT_FOUND");
    const others = await tx.userIdentity.count({
      where: { userId: input.userId, id: { not: identity.id } },
    });
    if (!account.hasPassword && others === 0)
      throw new AppError("BAD_REQUEST", [
        {
          message:
            "This is the only way your account signs in: set a password (Forgot password? on the sign-in page e-mails a link) or link another provider first.",
          code: LAST_SIGN_IN_METHOD,
          path: ["identityId"],
        },
      ]);
    await tx.userIdentity.delete({ where: { id: identity.id } });
    await appendAuditEntry(tx, input.audit, {
      action: "user.identityUnlinked",
      workspaceId: null,
      target: { type: "identity", id: identity.id },
      details: { provider: identity.provider },
    });
  });
}
