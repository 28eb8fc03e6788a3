import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { AppError } from "@parley/platform/errors";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { authenticatedProcedure, errorResponses } from "../../trpc";

export const revokeApiToken = authenticatedProcedure
  .meta({
    openapi: {
      method: "DELETE",
      path: "/users/me/api-tokens/{tokenId}",
      tags: ["Account"],
      summary: "Revoke an API token",
      description: "The token stops working at once.",
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
  .input(z.object({ tokenId: textSchema.min(1).max(64) }))
  .output(z.object({ message: z.literal("success") }))
  .mutation(async ({ ctx, input }) => {
    await ctx.prisma.$transaction(async (tx) => {
      const [revoked] = await tx.apiToken.updateManyAndReturn({
        where: { id: input.tokenId, ownerId: ctx.user.id, revokedAt: null },
        data: { revokedAt: new Date() },
        select: { id: true, workspaceId: true },
      });
      if (!revoked) throw new AppError("NOT_FOUND");
      await appendAuditEntry(tx, auditRequestOf(ctx), {
        action: "apiToken.revoked",
        workspaceId: revoked.workspaceId,
        target: { type: "apiToken", id: revoked.id },
      });
    });
    return { message: "success" as const };
  });
