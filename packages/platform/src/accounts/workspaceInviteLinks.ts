import { createId, type Database, Prisma, type WorkspaceRole } from "@parley/db";
import { type AuditRequest, appendAuditEntry } from "../audit/appendAuditEntry";
import { hashPassword } from "../auth/passwords";
import { generateSecret, hashSecret } from "../auth/secrets";
import { createUserSession } from "../auth/userSessions";
import { AppError } from "../errors";
import { normalizeEmail } from "./createUserAccount";

export const inviteLinkSelect = {
  id: true,
  role: true,
  createdAt: true,
  expiresAt: true,
  maxUses: true,
  uses: true,
} as const;

export type InviteLinkRow = Prisma.WorkspaceInviteLinkGetPayload<{ select: typeof inviteLinkSelect }>;

/** The client of a request whose actor is the user who joins. */
type AuditClient = Omit<AuditRequest, "actor">;

const invalidLink = () =>
  new AppError("BAD_REQUEST", [
    {
      message: "This invite link is invalid, expired, used up or revoked",
      path: ["token"],
      code: "INVITE_LINK_INVALID",
    },
  ]);

/** The rows whose link still works at `now`: not expired, and used fewer times than its limit. */
function usableWhere(now: Date, prisma: Database): Prisma.WorkspaceInviteLinkWhereInput {
  return {
    AND: [
      { OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
      { OR: [{ maxUses: null }, { uses: { lt: prisma.workspaceInviteLink.fields.maxUses } }] },
    ],
  };
}

/** A new invite link of a workspace (256-bit secret, only its SHA-256 stored). */
export async function createInviteLink(
  prisma: Database,
  input: {
    workspaceId: string;
    role: WorkspaceRole;
    expiresAt: Date | null;
    maxUses: number | null;
    createdById: string | null;
  },
  audit: AuditRequest,
): Promise<{ inviteLink: InviteLinkRow; token: string }> {
  const token = generateSecret("");
  const inviteLink = await prisma.$transaction(async (tx) => {
    const created = await tx.workspaceInviteLink.create({
      data: { id: createId(), tokenHash: hashSecret(token), ...input },
      select: inviteLinkSelect,
    });
    await appendAuditEntry(tx, audit, {
      action: "inviteLink.created",
      workspaceId: input.workspaceId,
      target: { type: "inviteLink", id: created.id },
    });
    return created;
  });
  return { inviteLink, token };
}

/** What the link's page shows; null when the link does not work. */
export async function readInviteLink(prisma: Database, token: string, now = new Date()) {
  const row = await prisma.workspaceInviteLink.findFirst({
    where: { tokenHash: hashSecret(token), ...usableWhere(now, prisma) },
    select: { role: true, workspace: { select: { name: true } } },
  });
  return row ? { role: row.role, workspaceName: row.workspace.name } : null;
}

/**
 * `userId` joins by the link with its role, counting one use; someone already a member keeps their role and uses
 * nothing. The use is counted by one conditional update, so a link with `maxUses` is never used more often.
 */
async function joinInTransaction(
  tx: Prisma.TransactionClient,
  prisma: Database,
  { tokenHash, user }: { tokenHash: string; user: { id: string; email: string } },
  audit: AuditClient,
  now: Date,
) {
  const userId = user.id;
  const link = await tx.workspaceInviteLink.findUnique({
    where: { tokenHash },
    select: { id: true, workspaceId: true, role: true },
  });
  if (!link) throw invalidLink();
  const isMember = await tx.memberInWorkspace.count({ where: { userId, workspaceId: link.workspaceId } });
  if (isMember > 0) return { workspaceId: link.workspaceId };
  const { count } = await tx.workspaceInviteLink.updateMany({
    where: { id: link.id, ...usableWhere(now, prisma) },
    data: { uses: { increment: 1 } },
  });
  if (count === 0) throw invalidLink();
  await tx.memberInWorkspace.create({ data: { userId, workspaceId: link.workspaceId, role: link.role } });
  await appendAuditEntry(
    tx,
    { ...audit, actor: { id: user.id, email: user.email } },
    { action: "inviteLink.used", workspaceId: link.workspaceId, target: { type: "inviteLink", id: link.id } },
  );
  return { workspaceId: link.workspaceId };
}

/** A signed-in user joins by an invite link. */
export function joinByInviteLink(
  prisma: Database,
  { token, user, audit }: { token: string; user: { id: string; email: string }; audit: AuditClient },
  now = new Date(),
) {
  return prisma.$transaction((tx) =>
    joinInTransaction(tx, prisma, { tokenHash: hashSecret(token), user }, audit, now),
  );
}

/**
 * Someone without an account follows an invite link: the account is created (no workspace of its own) and joins,
 * in one transaction. Sign-up being closed on the install does not apply: the link is the permission.
 */
export async function signUpWithInviteLink(
  prisma: Database,
  input: { token: string; email: string; password: string; name?: string; audit: AuditClient },
  now = new Date(),
) {
  const tokenHash = hashSecret(input.token);
  if (!(await readInviteLink(prisma, input.token, now))) throw invalidLink();
  const passwordHash = await hashPassword(input.password);
  try {
    return await prisma.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          id: createId(),
          email: normalizeEmail(input.email),
          name: input.name?.trim() || null,
          passwordHash,
        },
        select: { id: true, email: true, name: true },
      });
      const { workspaceId } = await joinInTransaction(tx, prisma, { tokenHash, user }, input.audit, now);
      return { user, workspaceId, session: await createUserSession(tx, user.id) };
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("BAD_REQUEST", [
        { message: "An account with this email already exists", path: ["email"], code: "EMAIL_TAKEN" },
      ]);
    }
    throw error;
  }
}
