import type { Database } from "@parley/db";
import { listInstanceSsoProviders } from "@parley/integrations/sso/ssoProviders";
import { type AuditRequest, appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { hashSecret } from "@parley/platform/auth/secrets";

/** How an account signs in: its second factor, its live builder sessions and its single sign-on identities. */
export async function getAccountSecurity(
  prisma: Database,
  { userId, sessionToken }: { userId: string; sessionToken: string | undefined },
) {
  const now = new Date();
  const currentHash = sessionToken ? hashSecret(sessionToken) : null;
  const [user, sessions, recoveryCodesLeft] = await Promise.all([
    prisma.user.findUniqueOrThrow({
      where: { id: userId },
      select: {
        passwordHash: true,
        twoFactor: { select: { enabledAt: true } },
        identities: {
          select: { id: true, provider: true, createdAt: true, lastUsedAt: true },
          orderBy: { createdAt: "asc" },
        },
      },
    }),
    prisma.userSession.findMany({
      where: { userId, expiresAt: { gt: now } },
      select: {
        id: true,
        tokenHash: true,
        createdAt: true,
        lastUsedAt: true,
        expiresAt: true,
        method: true,
        ip: true,
        userAgent: true,
      },
      orderBy: { lastUsedAt: "desc" },
    }),
    prisma.recoveryCode.count({ where: { userId, usedAt: null } }),
  ]);
  const providerNames = new Map(listInstanceSsoProviders().map((provider) => [provider.id, provider.name]));
  const enabledAt = user.twoFactor?.enabledAt ?? null;
  return {
    hasPassword: user.passwordHash !== null,
    twoFactor: {
      isEnabled: enabledAt !== null,
      enabledAt: enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: enabledAt ? recoveryCodesLeft : 0,
    },
    sessions: sessions.map(({ tokenHash, ...session }) => ({
      ...session,
      createdAt: session.createdAt.toISOString(),
      lastUsedAt: session.lastUsedAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      isCurrent: tokenHash === currentHash,
    })),
    identities: user.identities.map((identity) => ({
      ...identity,
      createdAt: identity.createdAt.toISOString(),
      lastUsedAt: identity.lastUsedAt?.toISOString() ?? null,
      providerName: providerNames.get(identity.provider) ?? identity.provider,
    })),
  };
}

/**
 * Signs the account out of every builder session but this browser's (`sessionToken`); `user.sessionsRevoked`
 * when some ended. Returns how many ended. API tokens are kept (they are revoked on their own).
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
