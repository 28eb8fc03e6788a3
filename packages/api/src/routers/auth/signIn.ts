import { signIn as signInWithPassword } from "@parley/platform/accounts/signIn";
import { SESSION_COOKIE } from "@parley/platform/auth/userSessions";
import { z } from "zod";
import { publicProcedure } from "../../trpc";
import { sessionUserSchema } from "./sessionUserSchema";

export const signIn = publicProcedure
  .input(z.object({ email: z.string().max(254), password: z.string().max(200) }))
  .output(z.object({ user: sessionUserSchema }))
  .mutation(async ({ ctx, input }) => {
    const { user, session } = await signInWithPassword(ctx.prisma, input);
    ctx.cookies?.set(SESSION_COOKIE, session.token, { expires: session.expiresAt });
    return { user };
  });
