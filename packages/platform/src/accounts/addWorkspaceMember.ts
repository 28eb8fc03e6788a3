import type { Database, WorkspaceRole } from "@parley/db";
import { type AuditRequest, appendAuditEntry } from "../audit/appendAuditEntry";
import { AppError } from "../errors";
import { normalizeEmail } from "./createUserAccount";

/**
 * Adds an existing user to a workspace, or changes their role if already a member (the command line's
 * `workspace add-member`; with `audit`, one `member.added` or `member.roleChanged` entry in the same transaction).
 */
export async function addWorkspaceMember(
  prisma: Database,
  { workspaceId, email, role }: { workspaceId: string; email: string; role: WorkspaceRole },
  audit?: AuditRequest,
) {
  const user = await prisma.user.findUnique({
    where: { email: normalizeEmail(email) },
    select: { id: true },
  });
  if (!user) throw new AppError("NOT_FOUND", [{ message: "No user with this email", path: ["email"] }]);
  const workspace = await prisma.workspace.findUnique({ where: { id: workspaceId }, select: { id: true } });
  if (!workspace) throw new AppError("NOT_FOUND", [{ message: "No such workspace", path: ["workspaceId"] }]);
  return prisma.$transaction(async (tx) => {
    const existing = await tx.memberInWorkspace.findUnique({
      where: { userId_workspaceId: { userId: user.id, workspaceId } },
      select: { role: true },
    });
    const member = await tx.memberInWorkspace.upsert({
      where: { userId_workspaceId: { userId: user.id, workspaceId } },
      create: { userId: user.id, workspaceId, role },
      update: { role },
      select: { userId: true, workspaceId: true, role: true },
    });
    if (audit && existing?.role !== role)
      await appendAuditEntry(tx, audit, {
        action: existing ? "member.roleChanged" : "member.added",
        workspaceId,
        target: { type: "member", id: user.id },
      });
    return member;
  });
}
