import type { Database } from "@parley/db";
import type { WorkspaceAccess } from "@parley/platform/access/loadAccess";
import { type Access, canAccess } from "@parley/platform/access/roles";
import { AppError } from "@parley/platform/errors";
import { idSchema } from "@parley/schemas/management/common";
import { z } from "zod";
import { authenticatedProcedure } from "../../trpc";

/**
 * Procedures on one credentials record: its workspace and the caller's role in one query. A
 * record the caller's workspaces do not hold is FORBIDDEN (NOT_FOUND only when it does not exist).
 */
export function credentialsProcedure(access: Access) {
  return authenticatedProcedure
    .input(z.object({ credentialsId: idSchema }))
    .use(async ({ ctx, input, next }) => {
      const granted = await loadCredentialsAccess(ctx.prisma, ctx.user.id, input.credentialsId, access);
      return next({ ctx: { access: granted } });
    });
}

async function loadCredentialsAccess(
  prisma: Database,
  userId: string,
  credentialsId: string,
  access: Access,
): Promise<WorkspaceAccess> {
  const found = await prisma.credentials.findUnique({
    where: { id: credentialsId },
    select: {
      workspaceId: true,
      workspace: { select: { members: { where: { userId }, select: { role: true }, take: 1 } } },
    },
  });
  if (!found) throw new AppError("NOT_FOUND");
  const role = found.workspace.members[0]?.role;
  if (!role || !canAccess(role, access)) throw new AppError("FORBIDDEN");
  return { workspaceId: found.workspaceId, role };
}
