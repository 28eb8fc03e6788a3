import { deleteUserSession, SESSION_COOKIE } from "@parley/platform/auth/userSessions";
import { z } from "zod";
import { publicProcedure } from "../../trpc";

export const signOut = publicProcedure
  .output(z.object({ message: z.literal("success") }))
  .mutation(async ({ ctx }) => {
    const token = ctx.cookies?.get(SESSION_COOKIE);
    if (token) await deleteUserSession(ctx.prisma, token);
    ctx.cookies?.delete(SESSION_COOKIE);
    return { message: "success" as const };
  });
