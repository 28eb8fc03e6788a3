"use client";

import { useQuery } from "@tanstack/react-query";
import { ExternalLink, ReceiptText } from "lucide-react";
import { useLocale, useTranslations } from "use-intl";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorState } from "@/components/ui/ErrorState";
import { Section } from "@/components/ui/Section";
import { Spinner } from "@/components/ui/Spinner";
import { Table, Td, Th } from "@/components/ui/Table";
import { useTRPC } from "@/lib/trpc";
import { useDateFormat } from "@/lib/useDateFormat";
import { formatMoney } from "./formatMoney";

/** The workspace's billing history, newest first, each linking to its invoice page. */
export function InvoicesSection({ workspaceId }: { workspaceId: string }) {
  const t = useTranslations("Invoices");
  const locale = useLocale();
  const dates = useDateFormat();
  const trpc = useTRPC();
  const invoices = useQuery(trpc.billing.listInvoices.queryOptions({ workspaceId }));
  return (
    <Section id="invoices" title={t("title")}>
      {invoices.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label={t("loading")} />
        </div>
      ) : invoices.isError ? (
        <ErrorState error={invoices.error} onRetry={() => invoices.refetch()} />
      ) : invoices.data.invoices.length === 0 ? (
        <EmptyState icon={<ReceiptText size={28} />} title={t("emptyTitle")}>
          <p>{t("empty")}</p>
        </EmptyState>
      ) : (
        <Table aria-label={t("title")}>
          <thead>
            <tr>
              <Th>{t("date")}</Th>
              <Th className="text-right">{t("amount")}</Th>
              <Th>
                <span className="sr-only">{t("link")}</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {invoices.data.invoices.map((invoice) => (
              <tr key={invoice.id}>
                <Td className="whitespace-nowrap">{dates.date(new Date(invoice.date).toISOString())}</Td>
                <Td className="text-right whitespace-nowrap tabular-nums">
                  {formatMoney(invoice.amount, invoice.currency, locale)}
                </Td>
                <Td className="text-right">
                  <a
                    href={invoice.url}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-1 font-medium text-brand-600 hover:underline"
                  >
                    {t("view")}
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
