import { SIGN_IN_CHALLENGE_COOKIE } from "@parley/platform/accounts/signInSession";
import { SESSION_COOKIE } from "@parley/platform/auth/userSessions";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { verifySignInSecondFactor } from "../../accounts/verifySignInSecondFactor";
import { auditClientOf } from "../../audit/auditRequestOf";
import { publicProcedure } from "../../trpc";
import { sessionUserSchema } from "./sessionUserSchema";

/**
 * The second step of a sign-in (the challenge's cookie from the first): a code of the account's authenticator
 * app or one of its recovery codes. Opens the session.
 */
export const verifySecondFactor = publicProcedure
  .input(z.object({ code: textSchema.trim().min(1).max(32) }))
  .output(z.object({ user: sessionUserSchema }))
  .mutation(async ({ ctx, input }) => {
    const { user, session } = await verifySignInSecondFactor(
      ctx.prisma,
      { challengeToken: ctx.cookies?.get(SIGN_IN_CHALLENGE_COOKIE), code: input.code },
      auditClientOf(ctx),
    );
    ctx.cookies?.delete(SIGN_IN_CHALLENGE_COOKIE);
    ctx.cookies?.set(SESSION_COOKIE, session.token, { expires: session.expiresAt });
    return { user };
  });
