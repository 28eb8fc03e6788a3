import { assertWorkspaceSignIn } from "@parley/platform/access/assertWorkspaceSignIn";
import { loadCredentialsAccess } from "@parley/platform/access/loadAccess";
import { assertTokenWorkspace } from "@parley/platform/auth/apiTokenGrant";
import type { RoleAction } from "@parley/schemas/management/access";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { authenticatedProcedure } from "../../trpc";

/**
 * Procedures on one credentials record: its workspace and the caller's role in one query. A
 * record the caller's workspaces do not hold is FORBIDDEN (NOT_FOUND only when it does not exist).
 */
export function credentialsProcedure(access: RoleAction) {
  return authenticatedProcedure
    .input(z.object({ credentialsId: idSchema }))
    .use(async ({ ctx, input, next }) => {
      const granted = await loadCredentialsAccess(ctx.prisma, ctx.user.id, input.credentialsId, access);
      assertTokenWorkspace(ctx.user.apiToken, granted.workspaceId);
      assertWorkspaceSignIn(ctx.user, granted);
      return next({ ctx: { access: granted } });
    });
}
