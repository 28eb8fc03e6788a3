import { createId, type Database, Prisma, type WorkspaceRole } from "@parley/db";
import { type AuditRequest, appendAuditEntry } from "../audit/appendAuditEntry";
import { hashPassword } from "../auth/passwords";
import { generateSecret, hashSecret } from "../auth/secrets";
import { createUserSession } from "../auth/userSessions";
import { AppError } from "../errors";
import { normalizeEmail } from "./createUserAccount";
import { markEmailVerified } from "./markEmailVerified";

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const invitationSelect = {
  id: true,
  workspaceId: true,
  email: true,
  role: true,
  createdAt: true,
  expiresAt: true,
  invitedBy: { select: { email: true } },
} as const;

export type InvitationRow = Prisma.WorkspaceInvitationGetPayload<{ select: typeof invitationSelect }>;

const invalidLink = () =>
  new AppError("BAD_REQUEST", [
    {
      message: "This invitation link is invalid, expired, already used or revoked",
      path: ["token"],
      code: "INVITATION_INVALID",
    },
  ]);

/**
 * Invites `email` to a workspace with a role: a new link (256-bit secret; only its SHA-256 is stored,
 * valid 7 days). Inviting an address that already has a pending invitation replaces it (new role, new
 * link; the old link stops working). The answer never depends on whether an account has this address;
 * only a current member of the workspace is refused (`ALREADY_MEMBER`), which the member list shows anyway.
 */
export async function createWorkspaceInvitation(
  prisma: Database,
  input: { workspaceId: string; email: string; role: WorkspaceRole; invitedById: string | null },
  audit: AuditRequest,
  now = new Date(),
): Promise<{ invitation: InvitationRow; token: string }> {
  const email = normalizeEmail(input.email);
  const token = generateSecret("");
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const invitation = await prisma.$transaction(async (tx) => {
    const member = await tx.memberInWorkspace.count({
      where: { workspaceId: input.workspaceId, user: { email } },
    });
    if (member > 0) {
      throw new AppError("BAD_REQUEST", [
        { message: "This person is already a member", path: ["email"], code: "ALREADY_MEMBER" },
      ]);
    }
    const invitation = await tx.workspaceInvitation.upsert({
      where: { workspaceId_email_botKey: { workspaceId: input.workspaceId, email, botKey: "" } },
      create: {
        id: createId(),
        workspaceId: input.workspaceId,
        email,
        role: input.role,
        tokenHash: hashSecret(token),
        invitedById: input.invitedById,
        createdAt: now,
        expiresAt,
      },
      update: {
        role: input.role,
        tokenHash: hashSecret(token),
        invitedById: input.invitedById,
        createdAt: now,
        expiresAt,
      },
      select: invitationSelect,
    });
    await appendAuditEntry(tx, audit, {
      action: "invitation.created",
      workspaceId: input.workspaceId,
      target: { type: "invitation", id: invitation.id },
    });
    return invitation;
  });
  return { invitation, token };
}

/** A new link for a pending invitation (the old one stops working), valid 7 days from now. */
export async function renewWorkspaceInvitation(
  prisma: Database,
  { workspaceId, invitationId }: { workspaceId: string; invitationId: string },
  audit: AuditRequest,
  now = new Date(),
): Promise<{ invitation: InvitationRow; token: string }> {
  const token = generateSecret("");
  const invitation = await prisma.$transaction(async (tx) => {
    const { count } = await tx.workspaceInvitation.updateMany({
      // An invitation to one bot is renewed by sharing the bot again.
      where: { id: invitationId, workspaceId, botId: null },
      data: { tokenHash: hashSecret(token), expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) },
    });
    if (count === 0) throw new AppError("NOT_FOUND");
    await appendAuditEntry(tx, audit, {
      action: "invitation.resent",
      workspaceId,
      target: { type: "invitation", id: invitationId },
    });
    return tx.workspaceInvitation.findUniqueOrThrow({
      where: { id: invitationId },
      select: invitationSelect,
    });
  });
  return { invitation, token };
}

/**
 * What the link's page shows: the workspace, the address and the role, and for an invitation to one bot its
 * name and the bot role; null when the link does not work.
 */
export async function readInvitationLink(prisma: Database, token: string, now = new Date()) {
  const row = await prisma.workspaceInvitation.findUnique({
    where: { tokenHash: hashSecret(token) },
    select: {
      email: true,
      role: true,
      expiresAt: true,
      botRole: true,
      workspace: { select: { name: true } },
      bot: { select: { name: true } },
    },
  });
  if (!row || row.expiresAt <= now) return null;
  return {
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt,
    workspaceName: row.workspace.name,
    bot: row.bot && row.botRole ? { name: row.bot.name, role: row.botRole } : null,
  };
}

type Tx = Prisma.TransactionClient;
/** The client of a request whose actor is the user who accepts. */
type AuditClient = Omit<AuditRequest, "actor">;

/**
 * Uses up an invitation inside `tx` and makes `user` a member with its role (a member already keeps their
 * role), or, for an invitation to one bot, shares that bot with them with its bot role. The row is deleted by
 * a statement naming its id, so two concurrent acceptances use it once.
 */
async function consumeInvitation(
  tx: Tx,
  where: { tokenHash: string } | { id: string },
  user: { id: string; email: string },
  audit: Omit<AuditRequest, "actor">,
  now: Date,
) {
  const invitation = await tx.workspaceInvitation.findUnique({
    where: "id" in where ? { id: where.id } : { tokenHash: where.tokenHash },
    select: {
      id: true,
      workspaceId: true,
      email: true,
      role: true,
      expiresAt: true,
      botId: true,
      botRole: true,
    },
  });
  if (!invitation || invitation.expiresAt <= now) throw invalidLink();
  if (invitation.email !== normalizeEmail(user.email)) {
    throw new AppError("BAD_REQUEST", [
      {
        message: "This invitation is for another e-mail address: sign in with the invited address",
        path: ["token"],
        code: "INVITATION_FOR_ANOTHER_EMAIL",
      },
    ]);
  }
  const { count } = await tx.workspaceInvitation.deleteMany({ where: { id: invitation.id } });
  if (count === 0) throw invalidLink();
  // The link was e-mailed to this address: following it proves the address (a pending invitation accepted
  // from the builder's list does not).
  if ("tokenHash" in where) await markEmailVerified(tx, user.id, now);
  if (invitation.botId && invitation.botRole) {
    await tx.botCollaborator.upsert({
      where: { botId_userId: { botId: invitation.botId, userId: user.id } },
      create: { botId: invitation.botId, userId: user.id, role: invitation.botRole, createdAt: now },
      update: { role: invitation.botRole },
    });
  } else {
    await tx.memberInWorkspace.createMany({
      data: [{ userId: user.id, workspaceId: invitation.workspaceId, role: invitation.role }],
      skipDuplicates: true,
    });
  }
  await appendAuditEntry(
    tx,
    { ...audit, actor: { id: user.id, email: user.email } },
    {
      action: "invitation.accepted",
      workspaceId: invitation.workspaceId,
      target: { type: "invitation", id: invitation.id },
    },
  );
  return { workspaceId: invitation.workspaceId, botId: invitation.botId };
}

/** A signed-in user accepts an invitation by its link; the link must be for their address. */
export function acceptInvitationLink(
  prisma: Database,
  { token, user, audit }: { token: string; user: { id: string; email: string }; audit: AuditClient },
  now = new Date(),
) {
  return prisma.$transaction((tx) =>
    consumeInvitation(tx, { tokenHash: hashSecret(token) }, user, audit, now),
  );
}

/** A signed-in user accepts one of the pending invitations to their address (listed in the builder). */
export function acceptInvitationById(
  prisma: Database,
  {
    invitationId,
    user,
    audit,
  }: { invitationId: string; user: { id: string; email: string }; audit: AuditClient },
  now = new Date(),
) {
  return prisma.$transaction(async (tx) => {
    try {
      return await consumeInvitation(tx, { id: invitationId }, user, audit, now);
    } catch (error) {
      // Someone else's invitation is as unknown to this user as a missing one.
      if (error instanceof AppError && error.appCode === "BAD_REQUEST") throw new AppError("NOT_FOUND");
      throw error;
    }
  });
}

/** The signed-in user declines an invitation to their address: it is deleted. */
export async function declineInvitation(
  prisma: Database,
  { invitationId, audit }: { invitationId: string; audit: AuditRequest },
) {
  await prisma.$transaction(async (tx) => {
    const where = { id: invitationId, email: normalizeEmail(audit.actor.email) };
    const declined = await tx.workspaceInvitation.findFirst({
      where,
      select: { id: true, workspaceId: true },
    });
    const { count } = await tx.workspaceInvitation.deleteMany({ where });
    if (!declined || count === 0) throw new AppError("NOT_FOUND");
    await appendAuditEntry(tx, audit, {
      action: "invitation.declined",
      workspaceId: declined.workspaceId,
      target: { type: "invitation", id: declined.id },
    });
  });
}

/**
 * The invitations waiting for an address (not expired), newest first, with their workspace's name (and, for
 * an invitation to one bot, the bot's name and role).
 */
export async function listInvitationsFor(prisma: Database, email: string, now = new Date()) {
  const rows = await prisma.workspaceInvitation.findMany({
    where: { email: normalizeEmail(email), expiresAt: { gt: now } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: {
      id: true,
      workspaceId: true,
      role: true,
      expiresAt: true,
      botRole: true,
      workspace: { select: { name: true } },
      bot: { select: { id: true, name: true } },
      invitedBy: { select: { email: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    workspaceId: row.workspaceId,
    workspaceName: row.workspace.name,
    role: row.role,
    bot: row.bot && row.botRole ? { id: row.bot.id, name: row.bot.name, role: row.botRole } : null,
    invitedBy: row.invitedBy?.email ?? null,
    expiresAt: row.expiresAt,
  }));
}

/**
 * A person without an account follows the link: the account is created with the invited address (no
 * workspace of its own) and joins, in one transaction that uses the link up. Sign-up being closed on the
 * install does not apply: the invitation is the permission.
 */
export async function signUpWithInvitation(
  prisma: Database,
  { token, password, name, audit }: { token: string; password: string; name?: string; audit: AuditClient },
  now = new Date(),
) {
  const tokenHash = hashSecret(token);
  const invitation = await prisma.workspaceInvitation.findUnique({
    where: { tokenHash },
    select: { email: true, expiresAt: true },
  });
  if (!invitation || invitation.expiresAt <= now) throw invalidLink();
  const passwordHash = await hashPassword(password);
  try {
    return await prisma.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { id: createId(), email: invitation.email, name: name?.trim() || null, passwordHash },
        select: { id: true, email: true, name: true },
      });
      const { workspaceId, botId } = await consumeInvitation(tx, { tokenHash }, user, audit, now);
      return { user, workspaceId, botId, session: await createUserSession(tx, user.id) };
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("BAD_REQUEST", [
        {
          message: "An account with this email already exists: sign in to accept the invitation",
          path: ["token"],
          code: "EMAIL_TAKEN",
        },
      ]);
    }
    throw error;
  }
}
