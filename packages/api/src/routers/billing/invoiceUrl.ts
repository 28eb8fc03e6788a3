import { platformEnv } from "@parley/platform/env";

/** The builder page that renders an invoice (access-checked like every billing read). */
export function getInvoiceUrl(invoiceId: string): string {
  return new URL(`/billing/invoices/${invoiceId}`, platformEnv.BUILDER_URL).toString();
}
