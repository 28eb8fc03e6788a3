import { SESSION_COOKIE } from "@parley/platform/auth/userSessions";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { deleteUserAccount } from "../../accounts/deleteUserAccount";
import { authenticatedProcedure } from "../../trpc";

/** Deletes the signed-in user's account (confirmed by the password) and signs this browser out. */
export const deleteAccount = authenticatedProcedure
  .input(z.object({ password: textSchema.max(200) }))
  .output(z.object({ deletedWorkspaces: z.array(textSchema) }))
  .mutation(async ({ ctx, input }) => {
    const deleted = await deleteUserAccount(
      ctx.prisma,
      { userId: ctx.user.id, password: input.password, clientAddress: ctx.clientAddress },
      { logger: ctx.logger },
    );
    ctx.cookies?.delete(SESSION_COOKIE);
    return deleted;
  });
