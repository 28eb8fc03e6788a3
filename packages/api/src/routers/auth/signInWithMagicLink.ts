import { signInWithMagicLink as signInWithLink } from "@parley/platform/accounts/magicLinks";
import { SESSION_COOKIE } from "@parley/platform/auth/userSessions";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { publicProcedure } from "../../trpc";
import { sessionUserSchema } from "./sessionUserSchema";

/**
 * Signs in with an e-mailed link (used up by it). The link's page asks for a click first: mail scanners that
 * open links must not use it up.
 */
export const signInWithMagicLink = publicProcedure
  .input(z.object({ token: textSchema.min(1).max(100) }))
  .output(z.object({ user: sessionUserSchema }))
  .mutation(async ({ ctx, input }) => {
    const { user, session } = await signInWithLink(ctx.prisma, input, {
      clientAddress: ctx.clientAddress,
      userAgent: ctx.userAgent,
    });
    ctx.cookies?.set(SESSION_COOKIE, session.token, { expires: session.expiresAt });
    return { user };
  });
