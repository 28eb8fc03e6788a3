import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { unlinkIdentity as unlinkAccountIdentity } from "../../accounts/accountSecurity";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { authenticatedProcedure, errorResponses } from "../../trpc";

export const unlinkIdentity = authenticatedProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/users/me/identities/{identityId}",
      tags: ["Account"],
      summary: "Unlink a sign-in identity",
      description:
        "The identity provider's account no longer signs yours in (sessions it opened stay until they end or are signed out). Refused with BAD_REQUEST `LAST_SIGN_IN_METHOD` when your account has no password and no other identity. Audited as `user.identityUnlinked`.",
      protect: true,
      errorResponses: errorResponses(
        "BAD_REQUEST",
        "UNAUTHORIZED",
        "FORBIDDEN",
        "NOT_FOUND",
        "INTERNAL_SERVER_ERROR",
      ),
    },
  })
  .input(z.object({ identityId: textSchema.min(1).max(64) }))
  .output(z.object({ message: z.literal("success") }))
  .mutation(async ({ ctx, input }) => {
    await unlinkAccountIdentity(ctx.prisma, {
      userId: ctx.user.id,
      identityId: input.identityId,
      audit: auditRequestOf(ctx),
    });
    return { message: "success" as const };
  });
