import type { Database, Plan } from "@parley/db";
import { createId } from "@parley/db";
import { BILLING_CURRENCY, computeInvoiceAmountCents } from "@parley/platform/billing/plans";
import { getBillingPeriod, getBillingPeriodByIndex } from "./billingPeriod";

export interface BillableWorkspace {
  id: string;
  createdAt: Date;
  plan: Plan;
}

/**
 * Writes the invoice of every closed period of the workspace that has none
 * yet. Idempotent (unique workspaceId + periodStart, duplicates skipped), so
 * the lazy calls on reads and the periodic job can race safely. A closed
 * period is billed at the plan in effect when it is invoiced; a plan change
 * invoices the closed periods first, so they keep the old plan.
 */
export async function ensureInvoices(prisma: Database, workspace: BillableWorkspace, now = new Date()) {
  const current = getBillingPeriod(workspace.createdAt, now);
  const closedPeriods = current.index;
  if (closedPeriods === 0) return 0;
  const invoiced = await prisma.invoice.count({ where: { workspaceId: workspace.id } });
  if (invoiced >= closedPeriods) return 0;
  const existing = await prisma.invoice.findMany({
    where: { workspaceId: workspace.id },
    select: { periodStart: true },
  });
  const invoicedStarts = new Set(existing.map((invoice) => invoice.periodStart.getTime()));
  const missing = Array.from({ length: closedPeriods }, (_, index) =>
    getBillingPeriodByIndex(workspace.createdAt, index),
  ).filter((period) => !invoicedStarts.has(period.start.getTime()));
  if (missing.length === 0) return 0;
  const counts = await prisma.$queryRaw<{ ordinal: bigint; used: number }[]>`
    SELECT p.ordinal, count(r.id)::int AS used
    FROM unnest(${missing.map((period) => period.start)}::timestamptz[],
                ${missing.map((period) => period.end)}::timestamptz[]) WITH ORDINALITY AS p(s, e, ordinal)
    LEFT JOIN "Result" r ON r."workspaceId" = ${workspace.id} AND r."createdAt" >= p.s AND r."createdAt" < p.e
    GROUP BY p.ordinal`;
  const usedByOrdinal = new Map(counts.map((row) => [Number(row.ordinal), row.used]));
  const { count } = await prisma.invoice.createMany({
    data: missing.map((period, position) => {
      const chatsUsed = usedByOrdinal.get(position + 1) ?? 0;
      return {
        id: createId(),
        workspaceId: workspace.id,
        number: `PAR-${workspace.id}-${String(period.index + 1).padStart(4, "0")}`,
        periodStart: period.start,
        periodEnd: period.end,
        plan: workspace.plan,
        chatsUsed,
        amount: computeInvoiceAmountCents(workspace.plan, chatsUsed),
        currency: BILLING_CURRENCY,
      };
    }),
    skipDuplicates: true,
  });
  return count;
}

/** The periodic job: invoices every workspace's closed periods, in batches. */
export async function closeBillingPeriods(prisma: Database, now = new Date()) {
  let cursor: string | undefined;
  let created = 0;
  for (;;) {
    const batch = await prisma.workspace.findMany({
      select: { id: true, createdAt: true, plan: true },
      orderBy: { id: "asc" },
      take: 200,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
    });
    for (const workspace of batch) created += await ensureInvoices(prisma, workspace, now);
    if (batch.length < 200) return created;
    cursor = batch[batch.length - 1]?.id;
  }
}
