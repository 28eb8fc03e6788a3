import { SESSION_COOKIE } from "@parley/platform/auth/userSessions";
import { z } from "zod";
import { listAccountSessions } from "../../accounts/accountSecurity";
import { authenticatedProcedure, errorResponses } from "../../trpc";
import { accountSessionSchema } from "./accountSecuritySchemas";

export const listSessions = authenticatedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/users/me/sessions",
      tags: ["Account"],
      summary: "List your sign-in sessions",
      description:
        "The builder sessions of your account that have not expired, most recently used first: browser, address, how and when each signed in, its last use. API tokens are listed apart (`GET /users/me/api-tokens`).",
      protect: true,
      errorResponses: errorResponses("UNAUTHORIZED", "FORBIDDEN", "INTERNAL_SERVER_ERROR"),
    },
  })
  .input(z.void())
  .output(z.object({ sessions: z.array(accountSessionSchema) }))
  .query(async ({ ctx }) => ({
    sessions: await listAccountSessions(ctx.prisma, {
      userId: ctx.user.id,
      sessionToken: ctx.cookies?.get(SESSION_COOKIE),
    }),
  }));
