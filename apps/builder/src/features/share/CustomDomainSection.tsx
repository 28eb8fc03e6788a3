"use client";

import { normalizeCustomDomain } from "@parley/schemas";
import type { CustomDomainCheckOutcome, CustomDomainStatus } from "@parley/schemas/management/customDomains";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ExternalLink, ShieldCheck } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { CopyButton } from "@/components/ui/CopyButton";
import { Field, Input } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import { Table, Td, Th } from "@/components/ui/Table";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useDateFormat } from "@/lib/useDateFormat";

/** What the last check found, in the interface language. */
const getOutcomeMessages = (
  t: InterfaceTranslator<"CustomDomain">,
): Record<CustomDomainCheckOutcome, string> => ({
  VERIFIED: t("outcomeVerified"),
  RECORD_NOT_FOUND: t("outcomeNotFound"),
  RECORD_MISMATCH: t("outcomeMismatch"),
  DNS_LOOKUP_FAILED: t("outcomeDnsFailed"),
});

/**
 * The bot's custom domain (its `customDomain`): set or remove it, the DNS records to add, and the
 * Verify action that looks up the TXT record. Only a verified domain serves the share page.
 */
export function CustomDomainSection({
  botId,
  customDomain,
  status,
  canEdit,
}: {
  botId: string;
  customDomain: string | null;
  status: CustomDomainStatus | null;
  canEdit: boolean;
}) {
  const t = useTranslations("CustomDomain");
  const dates = useDateFormat();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(customDomain ?? "");
  useEffect(() => setDraft(customDomain ?? ""), [customDomain]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.bots.pathKey() });
  const save = useMutation(
    trpc.bots.updateBot.mutationOptions({
      onSuccess: async ({ bot }) => {
        toast.success(bot.customDomain ? t("set", { domain: bot.customDomain }) : t("removed"));
        await refresh();
      },
      onError: (error) => toast.error(t("saveFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const verify = useMutation(
    trpc.bots.verifyCustomDomain.mutationOptions({
      onSuccess: async ({ customDomain: checked }) => {
        if (checked.isVerified) toast.success(t("verified", { domain: checked.domain }));
        else toast.error(t("notVerifiedYet"));
        await refresh();
      },
      onError: (error) => toast.error(t("verifyFailed", { reason: getErrorMessage(error) })),
    }),
  );

  const trimmed = draft.trim();
  const normalized = trimmed ? normalizeCustomDomain(trimmed) : null;
  const isChanged = normalized !== customDomain;
  const error = trimmed && !normalized ? t("format") : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (error || !isChanged) return;
    save.mutate({ botId, bot: { customDomain: normalized } });
  }

  return (
    <Section id="custom-domain" title={t("title")} description={t("description")}>
      {canEdit ? (
        <form onSubmit={submit}>
          <Field
            label={t("domain")}
            hint={normalized && normalized !== trimmed ? t("savedAs", { domain: normalized }) : t("hint")}
            error={error}
          >
            {(id) => (
              <div className="flex flex-wrap gap-2">
                <Input
                  id={id}
                  value={draft}
                  onChange={(event) => setDraft(event.target.value)}
                  placeholder="chat.example.com"
                  maxLength={255}
                  spellCheck={false}
                  autoCapitalize="off"
                  aria-invalid={error ? true : undefined}
                  className="min-w-0 flex-1"
                />
                <Button type="submit" disabled={!isChanged || error !== null || save.isPending}>
                  {save.isPending ? t("saving") : t("save")}
                </Button>
                {customDomain ? (
                  <Button
                    variant="ghost"
                    disabled={save.isPending}
                    onClick={() => save.mutate({ botId, bot: { customDomain: null } })}
                  >
                    {t("remove")}
                  </Button>
                ) : null}
              </div>
            )}
          </Field>
        </form>
      ) : customDomain ? (
        <code className="font-mono text-[13px]">{customDomain}</code>
      ) : (
        <p className="text-muted">{t("none")}</p>
      )}
      {status ? <DomainRecords status={status} /> : null}
      {status ? (
        <div className="flex flex-wrap items-center gap-3">
          {canEdit ? (
            <Button variant="primary" disabled={verify.isPending} onClick={() => verify.mutate({ botId })}>
              <ShieldCheck size={14} aria-hidden />
              {verify.isPending ? t("verifying") : t("verify")}
            </Button>
          ) : null}
          {status.isVerified ? (
            <a
              href={status.url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1.5 text-[13px] font-medium text-brand-700 hover:underline"
            >
              <ExternalLink size={14} aria-hidden />
              {status.url}
            </a>
          ) : null}
        </div>
      ) : null}
      {status?.lastCheck ? (
        <p className="text-[13px] text-muted" role="status" data-testid="custom-domain-check">
          {getOutcomeMessages(t)[status.lastCheck]}
          {status.checkedAt ? ` ${t("checkedAt", { time: dates.dateTime(status.checkedAt) })}` : ""}
        </p>
      ) : null}
    </Section>
  );
}

/** The verification state and the records to add at the domain's DNS provider. */
function DomainRecords({ status }: { status: CustomDomainStatus }) {
  const t = useTranslations("CustomDomain");
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2 text-[13px]">
        {status.isVerified ? (
          <Badge tone="success">{t("verifiedBadge")}</Badge>
        ) : (
          <Badge tone="warning">{t("notVerifiedBadge")}</Badge>
        )}
        <span className="text-muted">{status.isVerified ? t("servedNote") : t("addRecords")}</span>
      </div>
      <Table aria-label={t("records")} className="text-[13px]">
        <thead>
          <tr>
            <Th>{t("type")}</Th>
            <Th>{t("name")}</Th>
            <Th>{t("value")}</Th>
            <Th>
              <span className="sr-only">{t("copy")}</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {status.records.map((record) => (
            <tr key={record.type}>
              <Td className="font-medium">{record.type}</Td>
              <Td className="font-mono break-all">{record.name}</Td>
              <Td className="font-mono break-all" data-testid={`dns-record-${record.type.toLowerCase()}`}>
                {record.value}
              </Td>
              <Td>
                <CopyButton
                  value={record.value}
                  label={t("copy")}
                  copiedMessage={t("valueCopied", { type: record.type })}
                />
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      <p className="text-[13px] text-muted">{t("recordsNote")}</p>
    </div>
  );
}
