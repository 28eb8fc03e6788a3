import type { Plan } from "@parley/db";

export interface PlanTerms {
  /** Monthly price in cents. */
  priceCents: number;
  /** Chats included in the price each period; null = unlimited. */
  includedChats: number | null;
  /** Cents per chat beyond the included ones. */
  overageCentsPerChat: number;
  /** Default hard limit (startChat refused past it) when the workspace sets none; null = none. */
  defaultChatsHardLimit: number | null;
}

export const BILLING_CURRENCY = "usd";

/** The price list of the ledger (docs/api.md, "Billing"). */
export const planTerms: Record<Plan, PlanTerms> = {
  FREE: { priceCents: 0, includedChats: 200, overageCentsPerChat: 0, defaultChatsHardLimit: 200 },
  STARTER: { priceCents: 3900, includedChats: 2_000, overageCentsPerChat: 2, defaultChatsHardLimit: 20_000 },
  PRO: { priceCents: 8900, includedChats: 10_000, overageCentsPerChat: 1, defaultChatsHardLimit: 100_000 },
  ENTERPRISE: { priceCents: 49900, includedChats: null, overageCentsPerChat: 0, defaultChatsHardLimit: null },
};

/** The workspace's own hard limit, else its plan's. */
export function getChatsHardLimit(workspace: { plan: Plan; chatsHardLimit: number | null }): number | null {
  return workspace.chatsHardLimit ?? planTerms[workspace.plan].defaultChatsHardLimit;
}

/** Amount of one period in cents: the plan price plus the chats beyond the included ones. */
export function computeInvoiceAmountCents(plan: Plan, chatsUsed: number): number {
  const terms = planTerms[plan];
  const overage = terms.includedChats === null ? 0 : Math.max(0, chatsUsed - terms.includedChats);
  return terms.priceCents + Math.round(overage * terms.overageCentsPerChat);
}
