import type { Prisma } from "@parley/db";
import type { BotInvitationRow, collaboratorSelect } from "@parley/platform/accounts/botSharing";
import type { BotCollaborator, BotInvitation } from "@parley/schemas/management/botCollaborators";

type CollaboratorRow = Prisma.BotCollaboratorGetPayload<{ select: typeof collaboratorSelect }>;

export function toCollaborator(row: CollaboratorRow): BotCollaborator {
  return {
    userId: row.userId,
    email: row.user.email,
    name: row.user.name,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toBotInvitation(row: BotInvitationRow): BotInvitation {
  return {
    id: row.id,
    email: row.email,
    // Every invitation to a bot has its role (shareBot writes both columns together).
    role: row.botRole ?? "VIEWER",
    invitedBy: row.invitedBy?.email ?? null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}
