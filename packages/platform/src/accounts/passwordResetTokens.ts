import { createId, type Database } from "@parley/db";
import { generateSecret, hashSecret } from "../auth/secrets";

/** How long a reset link works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/**
 * A new reset link's secret (256 bits, base64url) for an account; only its SHA-256 is stored, with its
 * expiry. Links that expired (anyone's) are deleted on the way. Earlier links of the account stay valid
 * until they expire or one link is used.
 */
export async function createPasswordResetToken(prisma: Database, userId: string, now = new Date()) {
  const token = generateSecret("");
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MS);
  await prisma.$transaction([
    prisma.passwordResetToken.deleteMany({ where: { expiresAt: { lte: now } } }),
    prisma.passwordResetToken.create({
      data: { id: createId(), userId, tokenHash: hashSecret(token), expiresAt, createdAt: now },
    }),
  ]);
  return { token, expiresAt };
}

/** Whether a link can still be used (the reset page says so before a password is typed). */
export async function isPasswordResetTokenValid(prisma: Database, token: string) {
  const row = await prisma.passwordResetToken.findUnique({
    where: { tokenHash: hashSecret(token) },
    select: { expiresAt: true },
  });
  return !!row && row.expiresAt.getTime() > Date.now();
}
