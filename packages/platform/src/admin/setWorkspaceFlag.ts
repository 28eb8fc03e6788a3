import type { Database } from "@parley/db";
import { AppError } from "../errors";

/** The workspace flags only an instance administrator sets (the CLI), never the API. */
export const workspaceFlagChanges = {
  suspend: { isSuspended: true },
  unsuspend: { isSuspended: false },
  verify: { isVerified: true },
  unverify: { isVerified: false },
} as const;

export type WorkspaceFlagChange = keyof typeof workspaceFlagChanges;

/**
 * Suspends (its bots stop answering: startChat FORBIDDEN `WORKSPACE_SUSPENDED`, share pages 404) or
 * restores a workspace; verifies it (its bots are never held for their riskLevel) or withdraws that.
 * NOT_FOUND for an unknown workspace. Resolves the workspace's flags after the change.
 */
export async function setWorkspaceFlag(prisma: Database, workspaceId: string, change: WorkspaceFlagChange) {
  const updated = await prisma.workspace.updateMany({
    where: { id: workspaceId },
    data: workspaceFlagChanges[change],
  });
  if (updated.count === 0)
    throw new AppError("NOT_FOUND", [{ message: `No workspace with id ${workspaceId}` }]);
  return prisma.workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: { id: true, name: true, isSuspended: true, isVerified: true },
  });
}
