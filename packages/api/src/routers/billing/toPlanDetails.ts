import type { Plan } from "@parley/db";
import { BILLING_CURRENCY, getChatsHardLimit, planTerms } from "@parley/platform/billing/plans";
import { getBillingPeriod } from "../../billing/billingPeriod";

export function toPlanDetails(
  workspace: { plan: Plan; chatsHardLimit: number | null; createdAt: Date },
  now = new Date(),
) {
  const terms = planTerms[workspace.plan];
  const period = getBillingPeriod(workspace.createdAt, now);
  return {
    plan: workspace.plan,
    includedChats: terms.includedChats,
    chatsHardLimit: getChatsHardLimit(workspace),
    priceCents: terms.priceCents,
    overageCentsPerChat: terms.overageCentsPerChat,
    currency: BILLING_CURRENCY,
    periodStart: period.start.toISOString(),
    periodEnd: period.end.toISOString(),
  };
}
