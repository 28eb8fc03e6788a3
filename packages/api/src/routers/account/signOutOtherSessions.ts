import { SESSION_COOKIE } from "@parley/platform/auth/userSessions";
import { z } from "zod";
import { signOutOtherSessions as signOutOthers } from "../../accounts/accountSecurity";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { authenticatedProcedure, errorResponses } from "../../trpc";

/** Ends every builder session of the account but this browser's. */
export const signOutOtherSessions = authenticatedProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/users/me/sessions",
      tags: ["Account"],
      summary: "Sign out your other sessions",
      description:
        "Ends every builder session of your account but the one making the request (called with an API token: every one). API tokens stay valid. Audited as `user.sessionsRevoked` when some ended.",
      protect: true,
      errorResponses: errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "INTERNAL_SERVER_ERROR"),
    },
  })
  // An empty object rather than no input: the builder's client sends a mutation without input with no body at all.
  .input(z.strictObject({}))
  .output(z.object({ signedOutSessions: z.number().int() }))
  .mutation(async ({ ctx }) => ({
    signedOutSessions: await signOutOthers(ctx.prisma, {
      userId: ctx.user.id,
      sessionToken: ctx.cookies?.get(SESSION_COOKIE),
      audit: auditRequestOf(ctx),
    }),
  }));
