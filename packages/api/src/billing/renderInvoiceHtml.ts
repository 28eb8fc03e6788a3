import type { InvoiceModel as Invoice } from "@parley/db";
import { planTerms } from "@parley/platform/billing/plans";
import escapeHtml from "escape-html";

const formatMoney = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);

const formatDate = (date: Date) => date.toISOString().slice(0, 10);

/** A printable HTML invoice: period, plan, chats used, and how the amount is made up. */
export function renderInvoiceHtml(invoice: Invoice, workspaceName: string): string {
  const terms = planTerms[invoice.plan];
  const overageChats =
    terms.includedChats === null ? 0 : Math.max(0, invoice.chatsUsed - terms.includedChats);
  const lines = [
    [
      `${invoice.plan} plan, ${formatDate(invoice.periodStart)} to ${formatDate(invoice.periodEnd)}`,
      terms.priceCents,
    ],
    [
      `${overageChats} chats beyond the ${terms.includedChats ?? "unlimited"} included`,
      invoice.amount - terms.priceCents,
    ],
  ] as const;
  const rows = lines
    .map(
      ([label, cents]) =>
        `<tr><td>${escapeHtml(label)}</td><td class="n">${formatMoney(cents, invoice.currency)}</td></tr>`,
    )
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Invoice ${escapeHtml(invoice.number)}</title>
<meta name="robots" content="noindex">
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:720px;margin:40px auto;padding:0 16px;color:#111}
table{width:100%;border-collapse:collapse}td,th{padding:8px;border-bottom:1px solid #ddd;text-align:left}
.n{text-align:right}tfoot td{font-weight:600}</style></head>
<body><h1>Invoice ${escapeHtml(invoice.number)}</h1>
<p>Workspace: ${escapeHtml(workspaceName)}<br>Date: ${formatDate(invoice.periodEnd)}<br>Status: ${escapeHtml(invoice.status)}<br>Chats used: ${invoice.chatsUsed}</p>
<table><thead><tr><th>Description</th><th class="n">Amount</th></tr></thead><tbody>${rows}</tbody>
<tfoot><tr><td>Total</td><td class="n">${formatMoney(invoice.amount, invoice.currency)}</td></tr></tfoot></table>
</body></html>`;
}
