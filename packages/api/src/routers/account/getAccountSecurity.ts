import { SESSION_COOKIE } from "@parley/platform/auth/userSessions";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { getAccountSecurity as readAccountSecurity } from "../../accounts/accountSecurity";
import { authenticatedProcedure } from "../../trpc";
import { accountSessionSchema, linkedIdentitySchema } from "./accountSecuritySchemas";

/** The account's security page: two-factor sign-in, live builder sessions, single sign-on identities. */
export const getAccountSecurity = authenticatedProcedure
  .output(
    z.object({
      hasPassword: z.boolean(),
      twoFactor: z.object({
        isEnabled: z.boolean(),
        enabledAt: textSchema.nullable(),
        recoveryCodesLeft: z.number().int(),
      }),
      sessions: z.array(accountSessionSchema),
      identities: z.array(linkedIdentitySchema),
    }),
  )
  .query(({ ctx }) =>
    readAccountSecurity(ctx.prisma, { userId: ctx.user.id, sessionToken: ctx.cookies?.get(SESSION_COOKIE) }),
  );
