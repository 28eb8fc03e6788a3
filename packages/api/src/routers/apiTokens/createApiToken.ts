import { createApiToken as createToken } from "@parley/platform/auth/apiTokens";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { authenticatedProcedure, errorResponses } from "../../trpc";
import { apiTokenSchema } from "./apiTokenSchema";

export const createApiToken = authenticatedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/users/me/api-tokens",
      tags: ["Account"],
      summary: "Create an API token",
      description: "Returns the token (`bt_…`) once; only its SHA-256 is stored.",
      protect: true,
      errorResponses: errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "INTERNAL_SERVER_ERROR"),
    },
  })
  .input(z.strictObject({ name: textSchema.trim().min(1).max(100) }))
  .output(z.object({ apiToken: apiTokenSchema.extend({ token: textSchema }) }))
  .mutation(async ({ ctx, input }) => {
    const created = await createToken(ctx.prisma, ctx.user.id, input.name);
    return { apiToken: { ...created, createdAt: created.createdAt.toISOString(), lastUsedAt: null } };
  });
