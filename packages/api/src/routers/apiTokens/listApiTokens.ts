import { z } from "zod";
import { authenticatedProcedure, errorResponses } from "../../trpc";
import { apiTokenSchema, toApiToken } from "./apiTokenSchema";

export const listApiTokens = authenticatedProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/users/me/api-tokens",
      tags: ["Account"],
      summary: "List your API tokens",
      description:
        "Tokens that are not revoked (expired ones included), newest first, with scopes, expiry and last use. Secrets are never returned.",
      protect: true,
      errorResponses: errorResponses("UNAUTHORIZED", "FORBIDDEN", "INTERNAL_SERVER_ERROR"),
    },
  })
  .input(z.void())
  .output(z.object({ apiTokens: z.array(apiTokenSchema) }))
  .query(async ({ ctx }) => {
    const tokens = await ctx.prisma.apiToken.findMany({
      where: { ownerId: ctx.user.id, revokedAt: null },
      orderBy: { createdAt: "desc" },
      select: {
        id: true,
        name: true,
        prefix: true,
        createdAt: true,
        lastUsedAt: true,
        expiresAt: true,
        scopes: true,
        workspaceId: true,
      },
    });
    return { apiTokens: tokens.map(toApiToken) };
  });
