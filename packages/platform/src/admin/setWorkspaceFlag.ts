import type { Database } from "@parley/db";
import type { AuditAction } from "@parley/schemas/management/auditLog";
import { type AuditRequest, appendAuditEntry } from "../audit/appendAuditEntry";
import { AppError } from "../errors";

/** The workspace flags only an instance administrator sets (the CLI), never the API. */
export const workspaceFlagChanges = {
  suspend: { isSuspended: true },
  unsuspend: { isSuspended: false },
  verify: { isVerified: true },
  unverify: { isVerified: false },
} as const;

export type WorkspaceFlagChange = keyof typeof workspaceFlagChanges;

const auditActionOf: Record<WorkspaceFlagChange, AuditAction> = {
  suspend: "workspace.suspended",
  unsuspend: "workspace.unsuspended",
  verify: "workspace.verified",
  unverify: "workspace.unverified",
};

/**
 * Suspends (its bots stop answering: startChat FORBIDDEN `WORKSPACE_SUSPENDED`, share pages 404) or
 * restores a workspace; verifies it (its bots are never held for their riskLevel) or withdraws that.
 * NOT_FOUND for an unknown workspace. Resolves the workspace's flags after the change.
 */
export async function setWorkspaceFlag(
  prisma: Database,
  workspaceId: string,
  change: WorkspaceFlagChange,
  /** The operator's request (REST) or the command line's (docs/audit-log.md): one entry in the same transaction. */
  audit: AuditRequest,
) {
  return prisma.$transaction(async (tx) => {
    const updated = await tx.workspace.updateMany({
      where: { id: workspaceId },
      data: workspaceFlagChanges[change],
    });
    if (updated.count === 0)
      throw new AppError("NOT_FOUND", [{ message: `No workspace with id ${workspaceId}` }]);
    await appendAuditEntry(tx, audit, {
      action: auditActionOf[change],
      workspaceId,
      target: { type: "workspace", id: workspaceId },
    });
    return tx.workspace.findUniqueOrThrow({
      where: { id: workspaceId },
      select: { id: true, name: true, isSuspended: true, isVerified: true },
    });
  });
}
