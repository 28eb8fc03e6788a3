import { isPasswordResetTokenValid } from "@parley/platform/accounts/passwordResetTokens";
import { accountPasswordSchema, resetPasswordWithToken } from "@parley/platform/accounts/setUserPassword";
import { passFirstFactor } from "@parley/platform/accounts/signInSession";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { auditClientOf } from "../../audit/auditRequestOf";
import { publicProcedure } from "../../trpc";
import { answerSignIn, signInOutcomeSchema } from "./signInOutcome";

const resetTokenSchema = textSchema.min(1).max(100);

/** Whether a reset link still works (the reset page says so before a password is typed). */
export const checkPasswordResetLink = publicProcedure
  .input(z.object({ token: resetTokenSchema }))
  .output(z.object({ isValid: z.boolean() }))
  .query(async ({ ctx, input }) => ({ isValid: await isPasswordResetTokenValid(ctx.prisma, input.token) }));

/**
 * Sets a new password from a reset link (used up by it), signs the account out everywhere and in here, or, for
 * an account with a second factor, asks for its code first (a reset link proves the mailbox, not the authenticator).
 */
export const resetPassword = publicProcedure
  .input(z.object({ token: resetTokenSchema, password: accountPasswordSchema }))
  .output(signInOutcomeSchema)
  .mutation(async ({ ctx, input }) => {
    const user = await resetPasswordWithToken(ctx.prisma, input);
    const outcome = await ctx.prisma.$transaction((tx) =>
      passFirstFactor(tx, user, { method: "passwordReset" }, auditClientOf(ctx)),
    );
    return answerSignIn(ctx, outcome);
  });
