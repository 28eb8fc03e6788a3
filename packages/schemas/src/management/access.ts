import type { BotRoleName } from "./botCollaborators";
import type { WorkspaceRoleName } from "./workspace";

/**
 * What a caller asks to do, the one vocabulary of the role rule (decisions.md):
 * - `read`: see the workspace's bots, folders, results, analytics and private uploads;
 * - `write`: create and edit bots, folders, credentials and webhooks, call the bots' Webhook blocks,
 *   move sessions to a newer version;
 * - `admin`: manage the workspace itself (members, billing, custom domains, settings).
 */
export type RoleAction = "read" | "write" | "admin";

/**
 * A role the rule knows: a workspace member's (ADMIN, MEMBER, GUEST), or the role of a person one bot is shared
 * with (VIEWER, EDITOR), which reaches that bot only (`loadBotAccess`).
 */
export type AccessRole = WorkspaceRoleName | BotRoleName;

const minimumRank: Record<RoleAction, number> = { read: 0, write: 1, admin: 2 };
// A bot's EDITOR writes it as a MEMBER does; no bot role administers anything.
const rank: Record<AccessRole, number> = { GUEST: 0, MEMBER: 1, ADMIN: 2, VIEWER: 0, EDITOR: 1 };

/**
 * Whether `role` may do `action`; no role (not a member, not shared) may do nothing. The only
 * place any package or page asks what a role may do: GUEST and a bot's VIEWER read, MEMBER and a bot's
 * EDITOR also write, ADMIN also manages the workspace.
 */
export function canAccess(role: AccessRole | null | undefined, action: RoleAction): boolean {
  return role != null && rank[role] >= minimumRank[action];
}

/**
 * The role that may do more of a member's workspace role and their role on a bot shared with them: a share
 * adds to a workspace role (a GUEST made the bot's EDITOR edits it), never takes from it.
 */
export function strongerRole(
  memberRole: AccessRole | null | undefined,
  botRole: AccessRole | null | undefined,
): AccessRole | null {
  if (!botRole) return memberRole ?? null;
  if (!memberRole) return botRole;
  return rank[botRole] > rank[memberRole] ? botRole : memberRole;
}
