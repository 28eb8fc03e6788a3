import type { WorkspaceRoleName } from "./workspace";

/**
 * What a workspace member asks to do, the one vocabulary of the role rule (decisions.md):
 * - `read`: see the workspace's bots, folders, results, analytics and private uploads;
 * - `write`: create and edit bots, folders, credentials and webhooks, call the bots' Webhook blocks,
 *   move sessions to a newer version;
 * - `admin`: manage the workspace itself (members, billing, custom domains, settings).
 */
export type RoleAction = "read" | "write" | "admin";

const minimumRole: Record<RoleAction, WorkspaceRoleName> = { read: "GUEST", write: "MEMBER", admin: "ADMIN" };
const rank: Record<WorkspaceRoleName, number> = { GUEST: 0, MEMBER: 1, ADMIN: 2 };

/**
 * Whether a member with `role` may do `action`; no role (not a member) may do nothing. The only
 * place any package or page asks what a role may do: GUEST reads, MEMBER also writes, ADMIN also
 * manages the workspace.
 */
export function canAccess(role: WorkspaceRoleName | null | undefined, action: RoleAction): boolean {
  return role != null && rank[role] >= rank[minimumRole[action]];
}
