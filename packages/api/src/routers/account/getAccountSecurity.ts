import { SESSION_COOKIE } from "@parley/platform/auth/userSessions";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { getAccountSecurity as readAccountSecurity } from "../../accounts/accountSecurity";
import { authenticatedProcedure } from "../../trpc";

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
      sessions: z.array(
        z.object({
          id: textSchema,
          createdAt: textSchema,
          lastUsedAt: textSchema,
          expiresAt: textSchema,
          method: textSchema.nullable(),
          ip: textSchema.nullable(),
          userAgent: textSchema.nullable(),
          isCurrent: z.boolean(),
        }),
      ),
      identities: z.array(
        z.object({
          id: textSchema,
          provider: textSchema,
          providerName: textSchema,
          createdAt: textSchema,
          lastUsedAt: textSchema.nullable(),
        }),
      ),
    }),
  )
  .query(({ ctx }) =>
    readAccountSecurity(ctx.prisma, { userId: ctx.user.id, sessionToken: ctx.cookies?.get(SESSION_COOKIE) }),
  );
