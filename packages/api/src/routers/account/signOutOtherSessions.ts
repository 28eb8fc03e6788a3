import { SESSION_COOKIE } from "@parley/platform/auth/userSessions";
import { z } from "zod";
import { signOutOtherSessions as signOutOthers } from "../../accounts/accountSecurity";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { authenticatedProcedure } from "../../trpc";

/** Ends every builder session of the account but this browser's. */
export const signOutOtherSessions = authenticatedProcedure
  .output(z.object({ signedOutSessions: z.number().int() }))
  .mutation(async ({ ctx }) => ({
    signedOutSessions: await signOutOthers(ctx.prisma, {
      userId: ctx.user.id,
      sessionToken: ctx.cookies?.get(SESSION_COOKIE),
      audit: auditRequestOf(ctx),
    }),
  }));
