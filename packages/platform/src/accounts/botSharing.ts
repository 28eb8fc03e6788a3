import { type BotRole, createId, type Database } from "@parley/db";
import { canAccess } from "@parley/schemas/management/access";
import { type AuditRequest, appendAuditEntry } from "../audit/appendAuditEntry";
import { generateSecret, hashSecret } from "../auth/secrets";
import { AppError } from "../errors";
import { normalizeEmail } from "./createUserAccount";
import { INVITATION_TTL_MS, type InvitationRow, invitationSelect } from "./workspaceInvitations";

/** The people one bot is shared with, as its share dialog and `GET …/collaborators` list them. */
export const collaboratorSelect = {
  userId: true,
  role: true,
  createdAt: true,
  user: { select: { email: true, name: true } },
} as const;

const botInvitationSelect = { ...invitationSelect, botRole: true } as const;

export type BotInvitationRow = InvitationRow & { botRole: BotRole | null };

const collaboratorTarget = (botId: string, userId: string) => ({
  type: "botCollaborator" as const,
  id: `${botId}/${userId}`,
});

const alreadyHasAccess = () =>
  new AppError("BAD_REQUEST", [
    {
      message: "This person already has this access through the bot's workspace",
      path: ["collaborator", "email"],
      code: "ALREADY_HAS_ACCESS",
    },
  ]);

export type ShareOutcome =
  | { kind: "collaborator"; userId: string }
  | { kind: "invitation"; invitation: BotInvitationRow; token: string };

/**
 * Shares one bot with `email` as VIEWER or EDITOR, without giving its workspace:
 * - a member of the bot's workspace whose role gives less (a GUEST made EDITOR) gets the share at once (they
 *   are already in the workspace); one whose role already gives it is refused (`ALREADY_HAS_ACCESS`);
 * - a person the bot is already shared with gets the new role;
 * - anyone else gets an invitation to the bot (the workspace invitations' link: 256-bit secret, hash stored,
 *   7 days, single use), which they accept on sign-in or by creating their account: the answer never says
 *   whether the address has an account. Inviting again replaces the pending invitation (new role, new link).
 */
export async function shareBot(
  prisma: Database,
  input: { botId: string; workspaceId: string; email: string; role: BotRole; invitedById: string },
  audit: AuditRequest,
  now = new Date(),
): Promise<ShareOutcome> {
  const email = normalizeEmail(input.email);
  return prisma.$transaction(async (tx) => {
    const person = await tx.user.findUnique({
      where: { email },
      select: {
        id: true,
        workspaces: { where: { workspaceId: input.workspaceId }, select: { role: true } },
        sharedBots: { where: { botId: input.botId }, select: { role: true } },
      },
    });
    const memberRole = person?.workspaces[0]?.role;
    if (person && (memberRole || person.sharedBots.length > 0)) {
      if (memberRole && canAccess(memberRole, input.role === "EDITOR" ? "write" : "read"))
        throw alreadyHasAccess();
      const wasShared = person.sharedBots.length > 0;
      await tx.botCollaborator.upsert({
        where: { botId_userId: { botId: input.botId, userId: person.id } },
        create: { botId: input.botId, userId: person.id, role: input.role, createdAt: now },
        update: { role: input.role },
      });
      await appendAuditEntry(tx, audit, {
        action: wasShared ? "bot.shareChanged" : "bot.shared",
        workspaceId: input.workspaceId,
        target: collaboratorTarget(input.botId, person.id),
      });
      return { kind: "collaborator", userId: person.id };
    }
    const token = generateSecret("");
    const fields = {
      role: "GUEST" as const,
      botRole: input.role,
      tokenHash: hashSecret(token),
      invitedById: input.invitedById,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    };
    const invitation = await tx.workspaceInvitation.upsert({
      where: { workspaceId_email_botKey: { workspaceId: input.workspaceId, email, botKey: input.botId } },
      create: {
        id: createId(),
        workspaceId: input.workspaceId,
        email,
        botId: input.botId,
        botKey: input.botId,
        ...fields,
      },
      update: fields,
      select: botInvitationSelect,
    });
    await appendAuditEntry(tx, audit, {
      action: "invitation.created",
      workspaceId: input.workspaceId,
      target: { type: "invitation", id: invitation.id },
    });
    return { kind: "invitation", invitation, token };
  });
}

/** Who a bot is shared with, oldest share first, and its pending invitations, newest first. */
export async function listBotSharing(prisma: Database, botId: string, now = new Date()) {
  const [collaborators, invitations] = await Promise.all([
    prisma.botCollaborator.findMany({
      where: { botId },
      orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
      select: collaboratorSelect,
    }),
    prisma.workspaceInvitation.findMany({
      where: { botId, expiresAt: { gt: now } },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      select: botInvitationSelect,
    }),
  ]);
  return { collaborators, invitations };
}

/** A new role for a person the bot is shared with; NOT_FOUND when it is not shared with them. */
export async function changeBotCollaboratorRole(
  prisma: Database,
  input: { botId: string; workspaceId: string; userId: string; role: BotRole },
  audit: AuditRequest,
) {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.botCollaborator.updateMany({
      where: { botId: input.botId, userId: input.userId },
      data: { role: input.role },
    });
    if (count === 0) throw new AppError("NOT_FOUND");
    await appendAuditEntry(tx, audit, {
      action: "bot.shareChanged",
      workspaceId: input.workspaceId,
      target: collaboratorTarget(input.botId, input.userId),
    });
    return tx.botCollaborator.findUniqueOrThrow({
      where: { botId_userId: { botId: input.botId, userId: input.userId } },
      select: collaboratorSelect,
    });
  });
}

/** Stops sharing the bot with a person: they lose it at their next request. NOT_FOUND when it was not shared. */
export async function removeBotCollaborator(
  prisma: Database,
  input: { botId: string; workspaceId: string; userId: string },
  audit: AuditRequest,
) {
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.botCollaborator.deleteMany({
      where: { botId: input.botId, userId: input.userId },
    });
    if (count === 0) throw new AppError("NOT_FOUND");
    await appendAuditEntry(tx, audit, {
      action: "bot.unshared",
      workspaceId: input.workspaceId,
      target: collaboratorTarget(input.botId, input.userId),
    });
  });
}

/** Revokes a pending invitation to the bot: its link stops working. NOT_FOUND when the bot has no such invitation. */
export async function revokeBotInvitation(
  prisma: Database,
  input: { botId: string; workspaceId: string; invitationId: string },
  audit: AuditRequest,
) {
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.workspaceInvitation.deleteMany({
      where: { id: input.invitationId, botId: input.botId },
    });
    if (count === 0) throw new AppError("NOT_FOUND");
    await appendAuditEntry(tx, audit, {
      action: "invitation.revoked",
      workspaceId: input.workspaceId,
      target: { type: "invitation", id: input.invitationId },
    });
  });
}

/** The bots shared with a user (not archived), for the dashboard's "Shared with you". */
export async function listBotsSharedWith(prisma: Database, userId: string) {
  return prisma.botCollaborator.findMany({
    where: { userId, bot: { isArchived: false } },
    orderBy: [{ createdAt: "desc" }, { botId: "asc" }],
    select: {
      role: true,
      bot: {
        select: {
          id: true,
          name: true,
          icon: true,
          publicId: true,
          publishedBotId: true,
          workspaceId: true,
          createdAt: true,
          updatedAt: true,
          workspace: { select: { name: true } },
        },
      },
    },
  });
}
