import { signIn as signInWithPassword } from "@parley/platform/accounts/signIn";
import { SESSION_COOKIE } from "@parley/platform/auth/userSessions";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { publicProcedure } from "../../trpc";
import { sessionUserSchema } from "./sessionUserSchema";

export const signIn = publicProcedure
  .input(z.object({ email: textSchema.max(254), password: textSchema.max(200) }))
  .output(z.object({ user: sessionUserSchema }))
  .mutation(async ({ ctx, input }) => {
    const { user, session } = await signInWithPassword(ctx.prisma, input, {
      clientAddress: ctx.clientAddress,
      userAgent: ctx.userAgent,
    });
    ctx.cookies?.set(SESSION_COOKIE, session.token, { expires: session.expiresAt });
    return { user };
  });
