import type { Database, WorkspaceRole } from "@parley/db";
import { AppError } from "../errors";
import { type Access, canAccess } from "./roles";

export interface WorkspaceAccess {
  workspaceId: string;
  role: WorkspaceRole;
}

const memberRoleOf = (userId: string) => ({
  members: { where: { userId }, select: { role: true }, take: 1 },
});

/**
 * The one access rule: a missing record is NOT_FOUND, a record of a workspace
 * the caller is not a member of (or where the role is too low) is FORBIDDEN.
 * Procedures whose endpoint does not list NOT_FOUND answer FORBIDDEN instead
 * (trpc.ts), so nothing reveals a record the caller cannot see.
 */
function check(
  found: { workspaceId: string; members: { role: WorkspaceRole }[] } | null,
  access: Access,
): WorkspaceAccess {
  if (!found) throw new AppError("NOT_FOUND");
  const role = found.members[0]?.role;
  if (!role || !canAccess(role, access)) throw new AppError("FORBIDDEN");
  return { workspaceId: found.workspaceId, role };
}

export async function loadWorkspaceAccess(
  prisma: Database,
  userId: string,
  workspaceId: string,
  access: Access,
): Promise<WorkspaceAccess> {
  const workspace = await prisma.workspace.findUnique({
    where: { id: workspaceId },
    select: { id: true, ...memberRoleOf(userId) },
  });
  return check(workspace && { workspaceId: workspace.id, members: workspace.members }, access);
}

export async function loadFolderAccess(
  prisma: Database,
  userId: string,
  folderId: string,
  access: Access,
): Promise<WorkspaceAccess> {
  const folder = await prisma.folder.findUnique({
    where: { id: folderId },
    select: { workspaceId: true, workspace: { select: memberRoleOf(userId) } },
  });
  return check(folder && { workspaceId: folder.workspaceId, members: folder.workspace.members }, access);
}

/** Deleted (archived) bots are missing for everyone. */
export async function loadBotAccess(
  prisma: Database,
  userId: string,
  botId: string,
  access: Access,
): Promise<WorkspaceAccess> {
  const bot = await prisma.bot.findUnique({
    where: { id: botId },
    select: { workspaceId: true, isArchived: true, workspace: { select: memberRoleOf(userId) } },
  });
  return check(
    bot && !bot.isArchived ? { workspaceId: bot.workspaceId, members: bot.workspace.members } : null,
    access,
  );
}
