import type { Database } from "@parley/db";
import { z } from "zod";
import { hashPassword } from "../auth/passwords";
import { AppError } from "../errors";
import { normalizeEmail } from "./createUserAccount";

/** The rule of every password an account may have (sign-up, reset). */
export const accountPasswordSchema = z.string().min(8, "Use at least 8 characters").max(200);

/**
 * Gives an account a new password (argon2id) and signs it out everywhere: its builder sessions are
 * deleted in the same transaction. API tokens are kept (they are revoked on their own). NOT_FOUND
 * when no account has this email.
 */
export async function setUserPassword(prisma: Database, input: { email: string; password: string }) {
  const password = accountPasswordSchema.safeParse(input.password);
  if (!password.success) {
    throw new AppError("BAD_REQUEST", [{ message: password.error.issues[0]!.message, path: ["password"] }]);
  }
  const passwordHash = await hashPassword(password.data);
  const email = normalizeEmail(input.email);
  return prisma.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email }, select: { id: true } });
    if (!user)
      throw new AppError("NOT_FOUND", [{ message: `No account with email ${email}`, path: ["email"] }]);
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    const { count } = await tx.userSession.deleteMany({ where: { userId: user.id } });
    return { userId: user.id, signedOutSessions: count };
  });
}
