import type { WorkspaceRole } from "@parley/db";

/** What a procedure does with a workspace's records; each level needs a minimum role (decisions.md). */
export type Access = "read" | "write" | "admin";

const minimumRole: Record<Access, WorkspaceRole> = { read: "GUEST", write: "MEMBER", admin: "ADMIN" };
const rank: Record<WorkspaceRole, number> = { GUEST: 0, MEMBER: 1, ADMIN: 2 };

/** GUEST reads; MEMBER reads and writes bots and folders; ADMIN also manages the workspace and billing. */
export function canAccess(role: WorkspaceRole | undefined, access: Access): boolean {
  return role !== undefined && rank[role] >= rank[minimumRole[access]];
}
