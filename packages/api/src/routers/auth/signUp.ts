import { createUserAccount } from "@parley/platform/accounts/createUserAccount";
import { accountPasswordSchema } from "@parley/platform/accounts/setUserPassword";
import { createUserSession, SESSION_COOKIE } from "@parley/platform/auth/userSessions";
import { AppError } from "@parley/platform/errors";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { apiEnv } from "../../env";
import { publicProcedure } from "../../trpc";
import { sessionUserSchema } from "./sessionUserSchema";

export const signUpInputSchema = z.object({
  email: z.email().max(254),
  password: accountPasswordSchema,
  name: textSchema.trim().max(100).optional(),
});

export const signUp = publicProcedure
  .input(signUpInputSchema)
  .output(z.object({ user: sessionUserSchema, workspaceId: textSchema.nullable() }))
  .mutation(async ({ ctx, input }) => {
    if (!apiEnv.ALLOW_SIGNUP && (await ctx.prisma.user.count()) > 0) {
      throw new AppError("FORBIDDEN", [{ message: "Sign-up is disabled on this install" }]);
    }
    const displayName = input.name || input.email.split("@")[0];
    const { user, workspace } = await createUserAccount(ctx.prisma, {
      ...input,
      workspaceName: `${displayName}'s workspace`,
    });
    const session = await createUserSession(ctx.prisma, user.id);
    ctx.cookies?.set(SESSION_COOKIE, session.token, { expires: session.expiresAt });
    return { user, workspaceId: workspace?.id ?? null };
  });
