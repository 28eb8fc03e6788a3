import type { InviteLinkRow } from "@parley/platform/accounts/workspaceInviteLinks";
import { platformEnv } from "@parley/platform/env";
import type { WorkspaceInviteLink } from "@parley/schemas/management/workspace";

export function toInviteLink(row: InviteLinkRow): WorkspaceInviteLink {
  return {
    id: row.id,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    uses: row.uses,
  };
}

/** The builder's page an invite link's secret opens. */
export function inviteLinkUrl(token: string) {
  return `${platformEnv.BUILDER_URL.replace(/\/$/, "")}/join/${token}`;
}
