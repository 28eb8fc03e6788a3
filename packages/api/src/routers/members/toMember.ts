import type { WorkspaceRole } from "@parley/db";
import type { WorkspaceMember } from "@parley/schemas/management/workspace";

export const memberSelect = {
  role: true,
  createdAt: true,
  user: { select: { id: true, email: true, name: true } },
} as const;

export function toMember(row: {
  role: WorkspaceRole;
  createdAt: Date;
  user: { id: string; email: string; name: string | null };
}): WorkspaceMember {
  return {
    userId: row.user.id,
    email: row.user.email,
    name: row.user.name,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
  };
}
