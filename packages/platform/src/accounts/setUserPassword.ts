import type { Database } from "@parley/db";
import { z } from "zod";
import { hashPassword } from "../auth/passwords";
import { hashSecret } from "../auth/secrets";
import { AppError, badRequest } from "../errors";
import { normalizeEmail } from "./createUserAccount";
import { markEmailVerified } from "./markEmailVerified";
import type { SignInOptions } from "./signIn";
import { defaultSignInThrottle, verifyThrottledPassword } from "./signInThrottle";

/** The rule of every password an account may have (sign-up, change, reset). */
export const accountPasswordSchema = z.string().min(8, "Use at least 8 characters").max(200);

type Transaction = Parameters<Parameters<Database["$transaction"]>[0]>[0];

function parsePassword(password: string, path: string) {
  const parsed = accountPasswordSchema.safeParse(password);
  if (!parsed.success) {
    throw badRequest(parsed.error.issues[0]!.message, "INVALID_FIELD", [path]);
  }
  return parsed.data;
}

/**
 * The one place an account's password is replaced (the CLI's `user reset-password`, "change password" in
 * the builder, a reset link): the argon2id hash is written and, in the same transaction, every builder
 * session of the account is deleted except `keepSessionToken`'s (the browser that changed it) and every
 * outstanding reset link. API tokens are kept (they are revoked on their own).
 */
async function replacePassword(
  tx: Transaction,
  userId: string,
  passwordHash: string,
  keepSessionToken?: string,
) {
  await tx.user.update({ where: { id: userId }, data: { passwordHash } });
  const { count } = await tx.userSession.deleteMany({
    where: {
      userId,
      ...(keepSessionToken ? { tokenHash: { not: hashSecret(keepSessionToken) } } : {}),
    },
  });
  await tx.passwordResetToken.deleteMany({ where: { userId } });
  return count;
}

/**
 * Gives an account a new password and signs it out everywhere (the CLI). NOT_FOUND when no account has
 * this email.
 */
export async function setUserPassword(prisma: Database, input: { email: string; password: string }) {
  const passwordHash = await hashPassword(parsePassword(input.password, "password"));
  const email = normalizeEmail(input.email);
  return prisma.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email }, select: { id: true } });
    if (!user)
      throw new AppError("NOT_FOUND", [{ message: `No account with email ${email}`, path: ["email"] }]);
    return { userId: user.id, signedOutSessions: await replacePassword(tx, user.id, passwordHash) };
  });
}

/**
 * A signed-in user's change of password: the current one must be right (a wrong one counts as a failed
 * sign-in of the account, so it cannot be guessed faster than a sign-in); the account's other sessions end.
 */
export async function changeUserPassword(
  prisma: Database,
  input: { userId: string; currentPassword: string; newPassword: string; sessionToken?: string },
  { clientAddress = "unknown", throttle = defaultSignInThrottle }: SignInOptions = {},
) {
  const newPassword = parsePassword(input.newPassword, "newPassword");
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: input.userId },
    select: { email: true, passwordHash: true },
  });
  const attempt = { email: user.email, clientAddress };
  if (!(await verifyThrottledPassword(throttle, attempt, user.passwordHash, input.currentPassword))) {
    throw badRequest("The current password is wrong", "INVALID_CREDENTIALS", ["currentPassword"]);
  }
  const passwordHash = await hashPassword(newPassword);
  const signedOutSessions = await prisma.$transaction((tx) =>
    replacePassword(tx, input.userId, passwordHash, input.sessionToken),
  );
  return { signedOutSessions };
}

const invalidResetLink = () =>
  badRequest(
    "This password reset link is invalid, expired or already used. Ask for a new one.",
    "RESET_LINK_INVALID",
    ["token"],
  );

/**
 * Sets the password of the account a reset link was made for, and uses the link up: it is deleted in
 * the same statement that finds it (so two uses at once cannot both succeed), as are the account's
 * other links and every session. BAD_REQUEST RESET_LINK_INVALID when the link is unknown, used or expired.
 */
export async function resetPasswordWithToken(prisma: Database, input: { token: string; password: string }) {
  const passwordHash = await hashPassword(parsePassword(input.password, "password"));
  return prisma.$transaction(async (tx) => {
    const used = await tx.$queryRaw<{ userId: string }[]>`
      DELETE FROM "PasswordResetToken" WHERE "tokenHash" = ${hashSecret(input.token)} AND "expiresAt" > now()
      RETURNING "userId"`;
    const userId = used[0]?.userId;
    if (!userId) throw invalidResetLink();
    await replacePassword(tx, userId, passwordHash);
    // The link came by e-mail: following it proves the address.
    await markEmailVerified(tx, userId);
    return tx.user.findUniqueOrThrow({
      where: { id: userId },
      select: { id: true, email: true, name: true },
    });
  });
}
