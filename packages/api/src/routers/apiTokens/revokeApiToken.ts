import { AppError } from "@parley/platform/errors";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
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
    const { count } = await ctx.prisma.apiToken.updateMany({
      where: { id: input.tokenId, ownerId: ctx.user.id, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    if (count === 0) throw new AppError("NOT_FOUND");
    return { message: "success" as const };
  });
