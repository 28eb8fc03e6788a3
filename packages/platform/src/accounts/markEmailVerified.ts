import type { Prisma } from "@parley/db";

/**
 * Records that the account's owner just proved they receive mail at its address (a sign-in link, an e-mailed
 * invitation, a password reset link, an identity provider's `email_verified`): a sign-in through an identity
 * provider joins an existing account only when both sides verified the address.
 */
export async function markEmailVerified(tx: Prisma.TransactionClient, userId: string, now = new Date()) {
  await tx.user.update({ where: { id: userId }, data: { emailVerifiedAt: now } });
}
