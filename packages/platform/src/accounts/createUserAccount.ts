import { createId, type Database, Prisma } from "@parley/db";
import { newWorkspaceDefaults } from "../admin/instanceSettings";
import { hashPassword } from "../auth/passwords";
import { AppError } from "../errors";

export interface NewUserAccount {
  email: string;
  /** Absent: an account that signs in without a password (single sign-on) until it sets one. */
  password?: string;
  /** The address was proved when the account was made (an identity provider's verified e-mail). */
  emailVerifiedAt?: Date;
  name?: string;
  /** Creates a workspace of this name with the user as its ADMIN. */
  workspaceName?: string;
}

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

/**
 * Creates a user. The first user of an install always gets a workspace (as its
 * ADMIN), so a fresh install is usable right away.
 */
export async function createUserAccount(prisma: Database, account: NewUserAccount) {
  const email = normalizeEmail(account.email);
  const passwordHash = account.password === undefined ? null : await hashPassword(account.password);
  try {
    return await prisma.$transaction(async (tx) => {
      const isFirstUser = (await tx.user.count()) === 0;
      const user = await tx.user.create({
        data: {
          id: createId(),
          email,
          name: account.name?.trim() || null,
          passwordHash,
          emailVerifiedAt: account.emailVerifiedAt ?? null,
        },
        select: { id: true, email: true, name: true },
      });
      const workspaceName = account.workspaceName ?? (isFirstUser ? "My workspace" : undefined);
      const workspace = workspaceName
        ? await tx.workspace.create({
            data: {
              id: createId(),
              name: workspaceName,
              ...newWorkspaceDefaults(),
              members: { create: { userId: user.id, role: "ADMIN" } },
            },
            select: { id: true, name: true },
          })
        : null;
      return { user, workspace };
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
