import type { Database, Plan } from "@parley/db";
import { type AuditRequest, appendAuditEntry } from "@parley/platform/audit/appendAuditEntry";
import { AppError } from "@parley/platform/errors";
import { ensureInvoices } from "../billing/ensureInvoices";

export interface PlanChange {
  plan: Plan;
  /** The workspace's own hard limit; null restores the plan's; absent keeps the current one. */
  chatsHardLimit?: number | null;
}

/**
 * An operator's plan change (the admin REST, `PATCH /billing/plan` by an operator, the CLI's
 * `workspace set-plan`): closed periods are invoiced first at the old plan, then the plan (and the hard
 * limit when given) is stored. NOT_FOUND for an unknown workspace. Resolves the stored plan fields.
 */
export async function setWorkspacePlan(
  prisma: Database,
  workspaceId: string,
  change: PlanChange,
  /** The operator's request (REST): a `workspace.planChanged` entry with the change; none from the CLI. */
  audit?: AuditRequest,
) {
  const current = await prisma.workspace.findUnique({
    where: { id: workspaceId },
    select: { id: true, createdAt: true, plan: true },
  });
  if (!current) throw new AppError("NOT_FOUND", [{ message: `No workspace with id ${workspaceId}` }]);
  await ensureInvoices(prisma, current);
  return prisma.$transaction(async (tx) => {
    const workspace = await tx.workspace.update({
      where: { id: current.id },
      data: {
        plan: change.plan,
        ...(change.chatsHardLimit !== undefined ? { chatsHardLimit: change.chatsHardLimit } : {}),
      },
      select: { id: true, plan: true, chatsHardLimit: true, createdAt: true },
    });
    if (audit)
      await appendAuditEntry(tx, audit, {
        action: "workspace.planChanged",
        workspaceId,
        target: { type: "workspace", id: workspaceId },
      });
    return workspace;
  });
}
