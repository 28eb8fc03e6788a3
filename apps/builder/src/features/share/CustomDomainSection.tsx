"use client";

import { normalizeCustomDomain } from "@parley/schemas";
import type { CustomDomainCheckOutcome, CustomDomainStatus } from "@parley/schemas/management/customDomains";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ExternalLink, ShieldCheck } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { CopyButton } from "@/components/ui/CopyButton";
import { Field, Input } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import { Table, Td, Th } from "@/components/ui/Table";
import { getErrorMessage } from "@/lib/errorMessage";
import { formatDateTime } from "@/lib/formatDate";
import { useTRPC } from "@/lib/trpc";

const outcomeMessages: Record<CustomDomainCheckOutcome, string> = {
  VERIFIED: "The TXT record was found: the domain is served.",
  RECORD_NOT_FOUND: "No TXT record found at this name yet. DNS changes can take a few minutes to appear.",
  RECORD_MISMATCH: "A TXT record exists at this name, but not with this value.",
  DNS_LOOKUP_FAILED: "DNS did not answer. Nothing changed; try again in a moment.",
};

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
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(customDomain ?? "");
  useEffect(() => setDraft(customDomain ?? ""), [customDomain]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.bots.pathKey() });
  const save = useMutation(
    trpc.bots.updateBot.mutationOptions({
      onSuccess: async ({ bot }) => {
        toast.success(
          bot.customDomain ? `Custom domain set to ${bot.customDomain}` : "Custom domain removed",
        );
        await refresh();
      },
      onError: (error) => toast.error(`Could not change the domain: ${getErrorMessage(error)}`),
    }),
  );
  const verify = useMutation(
    trpc.bots.verifyCustomDomain.mutationOptions({
      onSuccess: async ({ customDomain: checked }) => {
        if (checked.isVerified) toast.success(`${checked.domain} is verified`);
        else toast.error("Not verified yet");
        await refresh();
      },
      onError: (error) => toast.error(`Could not verify: ${getErrorMessage(error)}`),
    }),
  );

  const trimmed = draft.trim();
  const normalized = trimmed ? normalizeCustomDomain(trimmed) : null;
  const isChanged = normalized !== customDomain;
  const error =
    trimmed && !normalized
      ? "A host name such as chat.example.com, optionally followed by a path such as /support (no https://, no port)."
      : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (error || !isChanged) return;
    save.mutate({ botId, bot: { customDomain: normalized } });
  }

  return (
    <Section
      id="custom-domain"
      title="Custom domain"
      description="Serve the share page and the chat on your own domain, e.g. chat.example.com or example.com/support."
    >
      {canEdit ? (
        <form onSubmit={submit}>
          <Field
            label="Domain"
            hint={
              normalized && normalized !== trimmed
                ? `Saved as ${normalized}`
                : "A host name, optionally with a path."
            }
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
                  {save.isPending ? "Saving…" : "Save"}
                </Button>
                {customDomain ? (
                  <Button
                    variant="ghost"
                    disabled={save.isPending}
                    onClick={() => save.mutate({ botId, bot: { customDomain: null } })}
                  >
                    Remove
                  </Button>
                ) : null}
              </div>
            )}
          </Field>
        </form>
      ) : customDomain ? (
        <code className="font-mono text-[13px]">{customDomain}</code>
      ) : (
        <p className="text-muted">No custom domain.</p>
      )}
      {status ? <DomainRecords status={status} /> : null}
      {status ? (
        <div className="flex flex-wrap items-center gap-3">
          {canEdit ? (
            <Button variant="primary" disabled={verify.isPending} onClick={() => verify.mutate({ botId })}>
              <ShieldCheck size={14} aria-hidden />
              {verify.isPending ? "Verifying…" : "Verify"}
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
          {outcomeMessages[status.lastCheck]}
          {status.checkedAt ? ` Checked ${formatDateTime(status.checkedAt)}.` : ""}
        </p>
      ) : null}
    </Section>
  );
}

/** The verification state and the records to add at the domain's DNS provider. */
function DomainRecords({ status }: { status: CustomDomainStatus }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2 text-[13px]">
        {status.isVerified ? (
          <Badge tone="success">Verified</Badge>
        ) : (
          <Badge tone="warning">Not verified</Badge>
        )}
        <span className="text-muted">
          {status.isVerified
            ? "Visitors of this domain see the published bot."
            : "Add these records at your DNS provider, then press Verify. The domain is not served until it is verified."}
        </span>
      </div>
      <Table aria-label="DNS records" className="text-[13px]">
        <thead>
          <tr>
            <Th>Type</Th>
            <Th>Name</Th>
            <Th>Value</Th>
            <Th>
              <span className="sr-only">Copy</span>
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
                <CopyButton value={record.value} label="Copy" copiedMessage={`${record.type} value copied`} />
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      <p className="text-[13px] text-muted">
        The TXT record proves the domain is yours. The CNAME sends its visitors to this install; HTTPS for the
        domain is set up where the install is hosted.
      </p>
    </div>
  );
}
