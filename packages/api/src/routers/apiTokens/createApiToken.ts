import { assertWorkspaceSignIn } from "@parley/platform/access/assertWorkspaceSignIn";
import { loadWorkspaceAccess } from "@parley/platform/access/loadAccess";
import { appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { assertTokenWorkspace, grantHasScope, missingScope } from "@parley/platform/auth/apiTokenGrant";
import { createApiToken as createToken } from "@parley/platform/auth/apiTokens";
import { apiTokenScopeSchema, apiTokenScopes } from "@parley/schemas/management/apiTokenScopes";
import { idSchema } from "@parley/schemas/management/common";
import { textSchema } from "@parley/schemas/text";
import { z } from "zod";
import { auditRequestOf } from "../../audit/auditRequestOf";
import { authenticatedProcedure, errorResponses } from "../../trpc";
import { apiTokenSchema, toApiToken } from "./apiTokenSchema";

export const createApiToken = authenticatedProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/users/me/api-tokens",
      tags: ["Account"],
      summary: "Create an API token",
      description:
        "Returns the token (`bt_…`) once; only its SHA-256 is stored. Optional `scopes`, `workspaceId` and `expiresAt` limit it (docs/api.md); without scopes it has full access.",
      protect: true,
      errorResponses: errorResponses("BAD_REQUEST", "UNAUTHORIZED", "FORBIDDEN", "INTERNAL_SERVER_ERROR"),
    },
  })
  .input(
    z.strictObject({
      name: textSchema.trim().min(1).max(100),
      scopes: z
        .array(apiTokenScopeSchema)
        .min(1)
        .max(apiTokenScopes.length)
        .refine((scopes) => new Set(scopes).size === scopes.length, "must not repeat a scope")
        .optional(),
      workspaceId: idSchema.optional(),
      expiresAt: z.iso
        .datetime({ offset: true })
        .refine((value) => Date.parse(value) > Date.now(), "must be in the future")
        .optional(),
    }),
  )
  .output(z.object({ apiToken: apiTokenSchema.extend({ token: textSchema }).meta({ id: "NewApiToken" }) }))
  .mutation(async ({ ctx, input }) => {
    const grant = ctx.user.apiToken;
    // A scoped or restricted token makes only tokens within its own scopes and workspace.
    const lacking = (input.scopes ?? apiTokenScopes).find((scope) => !grantHasScope(grant, scope));
    if (lacking) throw missingScope(lacking);
    const workspaceId = input.workspaceId ?? grant?.workspaceId ?? null;
    if (workspaceId) {
      assertTokenWorkspace(grant, workspaceId);
      assertWorkspaceSignIn(
        ctx.user,
        await loadWorkspaceAccess(ctx.prisma, ctx.user.id, workspaceId, "read"),
      );
    }
    const created = await ctx.prisma.$transaction(async (tx) => {
      const token = await createToken(tx, ctx.user.id, input.name, {
        scopes: input.scopes ?? null,
        workspaceId,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        // A token made by a token or a session carries how that one signed in (a workspace requiring SSO checks it).
        ssoProvider: ctx.user.ssoProvider ?? null,
      });
      await appendAuditEntry(tx, auditRequestOf(ctx), {
        action: "apiToken.created",
        workspaceId,
        target: { type: "apiToken", id: token.id },
      });
      return token;
    });
    return { apiToken: { ...toApiToken({ ...created, lastUsedAt: null }), token: created.token } };
  });
