import type { Database, Prisma } from "@parley/db";
import { type AuditRequest, appendAuditEntry } from "../audit/appendAuditEntry";
import { forbidden } from "../errors";

/** The lower-case domain of an e-mail address (after its last `@`). */
export const emailDomainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

interface JoiningUser {
  id: string;
  email: string;
}

/**
 * The workspaces the user may join by their address's domain: the domain is verified by the workspace and
 * open to joining, the user's address is verified (`emailVerifiedAt`), and they are no member yet.
 */
export async function listJoinableWorkspaces(prisma: Database | Prisma.TransactionClient, user: JoiningUser) {
  const account = await prisma.user.findUnique({ where: { id: user.id }, select: { emailVerifiedAt: true } });
  if (!account?.emailVerifiedAt) return [];
  const domains = await prisma.workspaceDomain.findMany({
    where: {
      domain: emailDomainOf(user.email),
      verifiedAt: { not: null },
      allowsJoining: true,
      workspace: { members: { none: { userId: user.id } } },
    },
    select: { domain: true, workspace: { select: { id: true, name: true, icon: true } } },
    orderBy: { createdAt: "asc" },
  });
  return domains.map(({ domain, workspace }) => ({ ...workspace, domain }));
}

/**
 * Makes the user a MEMBER of a workspace their verified address's domain lets them join (audit
 * `member.joinedByDomain`, in the same transaction); FORBIDDEN when it does not (nothing tells why).
 */
export async function joinWorkspaceByDomain(
  tx: Prisma.TransactionClient,
  {
    user,
    workspaceId,
    audit,
  }: { user: JoiningUser; workspaceId: string; audit: Omit<AuditRequest, "actor"> },
) {
  const joinable = await listJoinableWorkspaces(tx, user);
  if (!joinable.some((workspace) => workspace.id === workspaceId)) throw forbidden();
  await tx.memberInWorkspace.createMany({
    data: [{ userId: user.id, workspaceId, role: "MEMBER" }],
    skipDuplicates: true,
  });
  await appendAuditEntry(
    tx,
    { ...audit, actor: { id: user.id, email: user.email } },
    { action: "member.joinedByDomain", workspaceId, target: { type: "member", id: user.id } },
  );
  return { workspaceId };
}
