import type { Database, WorkspaceRole } from "@parley/db";
import { AppError } from "../errors";
import { normalizeEmail } from "./createUserAccount";

/** Adds an existing user to a workspace, or changes their role if already a member. */
export async function addWorkspaceMember(
  prisma: Database,
  { workspaceId, email, role }: { workspaceId: string; email: string; role: WorkspaceRole },
) {
  const user = await prisma.user.findUnique({
    where: { email: normalizeEmail(email) },
    select: { id: true },
  });
  if (!user) throw new AppError("NOT_FOUND", [{ message: "No user with this email", path: ["email"] }]);
  const workspace = await prisma.workspace.findUnique({ where: { id: workspaceId }, select: { id: true } });
  if (!workspace) throw new AppError("NOT_FOUND", [{ message: "No such workspace", path: ["workspaceId"] }]);
  return prisma.memberInWorkspace.upsert({
    where: { userId_workspaceId: { userId: user.id, workspaceId } },
    create: { userId: user.id, workspaceId, role },
    update: { role },
    select: { userId: true, workspaceId: true, role: true },
  });
}
