import type { InvitationRow } from "@parley/platform/accounts/workspaceInvitations";
import type { WorkspaceInvitation } from "@parley/schemas/management/workspace";

export function toInvitation(row: InvitationRow): WorkspaceInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedBy?.email ?? null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}
