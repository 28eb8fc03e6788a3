import { isPasswordResetTokenValid } from "@parley/platform/accounts/passwordResetTokens";
import { accountPasswordSchema, resetPasswordWithToken } from "@parley/platform/accounts/setUserPassword";
import { createUserSession, SESSION_COOKIE } from "@parley/platform/auth/userSessions";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { publicProcedure } from "../../trpc";
import { sessionUserSchema } from "./sessionUserSchema";

const resetTokenSchema = textSchema.min(1).max(100);

/** Whether a reset link still works (the reset page says so before a password is typed). */
export const checkPasswordResetLink = publicProcedure
  .input(z.object({ token: resetTokenSchema }))
  .output(z.object({ isValid: z.boolean() }))
  .query(async ({ ctx, input }) => ({ isValid: await isPasswordResetTokenValid(ctx.prisma, input.token) }));

/**
 * Sets a new password from a reset link (used up by it), signs the account out everywhere and in here.
 */
export const resetPassword = publicProcedure
  .input(z.object({ token: resetTokenSchema, password: accountPasswordSchema }))
  .output(z.object({ user: sessionUserSchema }))
  .mutation(async ({ ctx, input }) => {
    const user = await resetPasswordWithToken(ctx.prisma, input);
    const session = await createUserSession(ctx.prisma, user.id);
    ctx.cookies?.set(SESSION_COOKIE, session.token, { expires: session.expiresAt });
    return { user };
  });
