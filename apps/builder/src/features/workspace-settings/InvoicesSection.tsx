"use client";

import { useQuery } from "@tanstack/react-query";
import { ExternalLink, ReceiptText } from "lucide-react";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorState } from "@/components/ui/ErrorState";
import { Section } from "@/components/ui/Section";
import { Spinner } from "@/components/ui/Spinner";
import { Table, Td, Th } from "@/components/ui/Table";
import { useTRPC } from "@/lib/trpc";
import { formatMoney } from "./formatMoney";

/** The workspace's billing history, newest first, each linking to its invoice page. */
export function InvoicesSection({ workspaceId }: { workspaceId: string }) {
  const trpc = useTRPC();
  const invoices = useQuery(trpc.billing.listInvoices.queryOptions({ workspaceId }));
  return (
    <Section id="invoices" title="Invoices">
      {invoices.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label="Loading invoices" />
        </div>
      ) : invoices.isError ? (
        <ErrorState error={invoices.error} onRetry={() => invoices.refetch()} />
      ) : invoices.data.invoices.length === 0 ? (
        <EmptyState icon={<ReceiptText size={28} />} title="No invoices yet">
          <p>An invoice is issued at the end of each monthly period.</p>
        </EmptyState>
      ) : (
        <Table aria-label="Invoices">
          <thead>
            <tr>
              <Th>Date</Th>
              <Th className="text-right">Amount</Th>
              <Th>
                <span className="sr-only">Link</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {invoices.data.invoices.map((invoice) => (
              <tr key={invoice.id}>
                <Td className="whitespace-nowrap">
                  {new Date(invoice.date).toLocaleDateString(undefined, { dateStyle: "medium" })}
                </Td>
                <Td className="text-right whitespace-nowrap tabular-nums">
                  {formatMoney(invoice.amount, invoice.currency)}
                </Td>
                <Td className="text-right">
                  <a
                    href={invoice.url}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-1 font-medium text-brand-600 hover:underline"
                  >
                    View invoice
                    <ExternalLink size={12} aria-hidden />
                  </a>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Section>
  );
}
