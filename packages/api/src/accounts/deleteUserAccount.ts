import { chatLimitStoreNames } from "@parley/chat/core/limits/chatRateLimits";
import type { Database } from "@parley/db";
import {
  defaultSignInThrottle,
  SIGN_IN_PER_ACCOUNT,
  type SignInThrottle,
  verifyThrottledPassword,
} from "@parley/platform/accounts/signInThrottle";
import { AppError } from "@parley/platform/errors";
import { getRateLimitStore } from "@parley/platform/limits/rateLimits";
import { deleteWorkspaceData, type WorkspaceDeletionServices } from "../workspaces/deleteWorkspaceData";

interface Membership {
  workspaceId: string;
  name: string;
  role: string;
  members: number;
  admins: number;
}

/** Workspaces whose only ADMIN the user is while other people are members: the account cannot go yet. */
async function readMemberships(prisma: Pick<Database, "$queryRaw">, userId: string) {
  return prisma.$queryRaw<Membership[]>`
    SELECT w.id AS "workspaceId", w.name, m.role::text AS role,
      (SELECT count(*)::int FROM "MemberInWorkspace" o WHERE o."workspaceId" = w.id) AS members,
      (SELECT count(*)::int FROM "MemberInWorkspace" o WHERE o."workspaceId" = w.id AND o.role = 'ADMIN') AS admins
    FROM "MemberInWorkspace" m JOIN "Workspace" w ON w.id = m."workspaceId"
    WHERE m."userId" = ${userId} ORDER BY w.name`;
}

function assertNotSoleAdmin(memberships: Membership[]) {
  const blocking = memberships.filter((m) => m.role === "ADMIN" && m.admins === 1 && m.members > 1);
  if (blocking.length === 0) return;
  const names = blocking.map((m) => `“${m.name}”`).join(", ");
  throw new AppError("BAD_REQUEST", [
    {
      message: `You are the only admin of ${names}, which ${blocking.length === 1 ? "has" : "have"} other members. Make one of them an admin, or delete the workspace, before deleting your account.`,
      code: "SOLE_ADMIN",
      path: ["workspaces"],
    },
  ]);
}

/**
 * Deletes an account, confirmed by its password (a wrong one counts as a failed sign-in). Refused
 * (BAD_REQUEST SOLE_ADMIN, naming the workspaces) while the user is the only ADMIN of a workspace that has
 * other members. Otherwise the workspaces where the user is the only member are deleted with everything
 * in them (deleteWorkspaceData), then the user, whose sessions, API tokens, reset links and memberships go
 * with it; published versions they authored stay, without an author. Their rate-limit counters are forgotten.
 */
export async function deleteUserAccount(
  prisma: Database,
  input: { userId: string; password: string; clientAddress?: string },
  services: WorkspaceDeletionServices & { throttle?: SignInThrottle } = {},
) {
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: input.userId },
    select: {
      email: true,
      passwordHash: true,
      apiTokens: { select: { tokenHash: true } },
      sessions: { select: { tokenHash: true } },
    },
  });
  const throttle = services.throttle ?? defaultSignInThrottle;
  const attempt = { email: user.email, clientAddress: input.clientAddress ?? "unknown" };
  if (!(await verifyThrottledPassword(throttle, attempt, user.passwordHash, input.password))) {
    throw new AppError("BAD_REQUEST", [
      { message: "The password is wrong", path: ["password"], code: "INVALID_CREDENTIALS" },
    ]);
  }
  const memberships = await readMemberships(prisma, input.userId);
  assertNotSoleAdmin(memberships);
  const solo = memberships.filter((m) => m.members === 1);
  for (const workspace of solo) await deleteWorkspaceData(prisma, workspace.workspaceId, services);
  await prisma.$transaction(async (tx) => {
    // A member added meanwhile would be left without an admin: check again where it counts.
    assertNotSoleAdmin(await readMemberships(tx, input.userId));
    await tx.user.delete({ where: { id: input.userId } });
  });
  const rateLimits = services.rateLimits ?? getRateLimitStore();
  await rateLimits.forget(SIGN_IN_PER_ACCOUNT, [user.email]);
  await rateLimits.forget(
    chatLimitStoreNames.startPerKey,
    [...user.apiTokens, ...user.sessions].map((row) => row.tokenHash),
  );
  services.logger?.info({ userId: input.userId, workspaces: solo.length }, "account deleted");
  return { deletedWorkspaces: solo.map((m) => m.workspaceId) };
}
