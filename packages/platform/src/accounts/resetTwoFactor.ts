import type { Database } from "@parley/db";
import { type AuditRequest, appendAuditEntry } from "../audit/appendAuditEntry";
import { AppError } from "../errors";
import { normalizeEmail } from "./createUserAccount";

/**
 * An operator turns an account's two-factor sign-in off (the command line's `user reset-2fa`, for a person who
 * lost both their authenticator and their recovery codes): the authenticator's secret, the recovery codes and any
 * sign-in waiting for a code are deleted, and `user.twoFactorReset` is recorded, in one transaction. The account's
 * sessions and password are kept. NOT_FOUND when no account has the address; `wasEnabled` false (and no entry)
 * when it had no second factor.
 */
export async function resetTwoFactor(
  prisma: Database,
  input: { email: string; audit: (user: { id: string; email: string }) => AuditRequest },
) {
  const email = normalizeEmail(input.email);
  return prisma.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email }, select: { id: true, email: true } });
    if (!user)
      throw new AppError("NOT_FOUND", [{ message: `No account with email ${email}`, path: ["email"] }]);
    const { count } = await tx.userTwoFactor.deleteMany({ where: { userId: user.id } });
    await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
    await tx.signInChallenge.deleteMany({ where: { userId: user.id } });
    if (count === 0) return { userId: user.id, email: user.email, wasEnabled: false };
    await appendAuditEntry(tx, input.audit(user), {
      action: "user.twoFactorReset",
      workspaceId: null,
      target: { type: "user", id: user.id },
    });
    return { userId: user.id, email: user.email, wasEnabled: true };
  });
}
