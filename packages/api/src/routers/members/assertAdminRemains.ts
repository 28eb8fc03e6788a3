import type { Prisma } from "@parley/db";
import { AppError } from "@parley/platform/errors";

/** A workspace always keeps at least one ADMIN; checked inside the writing transaction. */
export async function assertAdminRemains(tx: Prisma.TransactionClient, workspaceId: string) {
  const admins = await tx.memberInWorkspace.count({ where: { workspaceId, role: "ADMIN" } });
  if (admins === 0) {
    throw new AppError("BAD_REQUEST", [
      { message: "A workspace needs at least one ADMIN", code: "LAST_ADMIN", path: ["role"] },
    ]);
  }
}
