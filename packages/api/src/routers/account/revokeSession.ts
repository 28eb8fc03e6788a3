import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { revokeAccountSession } from "../../accounts/accountSecurity";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { authenticatedProcedure, errorResponses } from "../../trpc";

export const revokeSession = authenticatedProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/users/me/sessions/{sessionId}",
      tags: ["Account"],
      summary: "Sign out one session",
      description:
        "Ends one of your builder sessions (another browser, a lost device): its next request is signed out. Audited as `user.sessionRevoked`.",
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
  .input(z.object({ sessionId: textSchema.min(1).max(64) }))
  .output(z.object({ message: z.literal("success") }))
  .mutation(async ({ ctx, input }) => {
    await revokeAccountSession(ctx.prisma, {
      userId: ctx.user.id,
      sessionId: input.sessionId,
      audit: auditRequestOf(ctx),
    });
    return { message: "success" as const };
  });
