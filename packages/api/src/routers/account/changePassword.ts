import { accountPasswordSchema, changeUserPassword } from "@parley/platform/accounts/setUserPassword";
import { SESSION_COOKIE } from "@parley/platform/auth/userSessions";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { authenticatedProcedure } from "../../trpc";

/** The signed-in user's new password; their other sessions end, this one stays. */
export const changePassword = authenticatedProcedure
  .input(z.object({ currentPassword: textSchema.max(200), newPassword: accountPasswordSchema }))
  .output(z.object({ signedOutSessions: z.number() }))
  .mutation(({ ctx, input }) =>
    changeUserPassword(
      ctx.prisma,
      { userId: ctx.user.id, ...input, sessionToken: ctx.cookies?.get(SESSION_COOKIE) },
      { clientAddress: ctx.clientAddress },
    ),
  );
