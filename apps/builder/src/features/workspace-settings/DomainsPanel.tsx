"use client";

import type { WorkspaceDomain } from "@parley/schemas/management/workspaceSso";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { Field, Input } from "@/components/ui/Field";
import { Switch } from "@/components/ui/Switch";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";

/**
 * The workspace's e-mail domains (ADMINs): each proved by a DNS TXT record, then usable by single sign-on and,
 * when opened, for joining: people with a verified address of the domain may join as members.
 */
export function DomainsPanel({ workspaceId }: { workspaceId: string }) {
  const t = useTranslations("Domains");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const domains = useQuery(trpc.domains.listDomains.queryOptions({ workspaceId }));
  const [newDomain, setNewDomain] = useState("");
  const [removing, setRemoving] = useState<WorkspaceDomain | null>(null);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.domains.listDomains.queryKey({ workspaceId }) });
  const add = useMutation(
    trpc.domains.addDomain.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setNewDomain("");
        toast.success(t("added"));
      },
      onError: (error) => toast.error(t("addFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const verify = useMutation(
    trpc.domains.verifyDomain.mutationOptions({
      onSuccess: async ({ domain }) => {
        await refresh();
        toast.success(t("verified", { domain: domain.domain }));
      },
      onError: async (error) => {
        await refresh();
        toast.error(t("notVerifiedYet", { reason: getErrorMessage(error) }));
      },
    }),
  );
  const update = useMutation(
    trpc.domains.updateDomain.mutationOptions({
      onSuccess: refresh,
      onError: (error) => toast.error(t("changeFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const remove = useMutation(
    trpc.domains.deleteDomain.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setRemoving(null);
        toast.success(t("removed"));
      },
      onError: (error) => toast.error(t("removeFailed", { reason: getErrorMessage(error) })),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate({ workspaceId, domain: { domain: newDomain } });
  }

  const list = domains.data?.domains ?? [];
  return (
    <div className="flex flex-col gap-3 border-t border-line pt-4">
      <h3 className="font-semibold">{t("title")}</h3>
      <p className="text-[13px] text-muted">{t("description")}</p>
      <form onSubmit={submit} className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
        <Field label={t("domain")}>
          {(id) => (
            <Input
              id={id}
              required
              placeholder="acme.com"
              value={newDomain}
              onChange={(event) => setNewDomain(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" disabled={add.isPending}>
          {t("add")}
        </Button>
      </form>
      {list.length > 0 ? (
        <ul className="flex flex-col gap-3" aria-label={t("title")}>
          {list.map((domain) => (
            <li key={domain.id} className="flex flex-col gap-2 rounded-card border border-line p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{domain.domain}</span>
                {domain.verifiedAt ? (
                  <Badge tone="success">{t("verifiedBadge")}</Badge>
                ) : (
                  <Badge tone="warning">{t("notVerifiedBadge")}</Badge>
                )}
              </div>
              {domain.verifiedAt ? (
                <Switch
                  label={t("allowJoining", { domain: domain.domain })}
                  hint={t("allowJoiningHint")}
                  checked={domain.allowsJoining}
                  disabled={update.isPending}
                  onCheckedChange={(checked) =>
                    update.mutate({ workspaceId, domainId: domain.id, domain: { allowsJoining: checked } })
                  }
                />
              ) : (
                <div className="flex flex-col gap-1 text-[13px]">
                  <p>{t("addRecord")}</p>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 font-mono break-all">
                    <dt className="text-muted">{t("name")}</dt>
                    <dd>{domain.txtRecord.name}</dd>
                    <dt className="text-muted">{t("value")}</dt>
                    <dd>{domain.txtRecord.value}</dd>
                  </dl>
                </div>
              )}
              <div className="flex flex-wrap gap-2">
                {domain.verifiedAt ? null : (
                  <Button
                    size="sm"
                    variant="primary"
                    disabled={verify.isPending}
                    onClick={() => verify.mutate({ workspaceId, domainId: domain.id })}
                  >
                    {t("verify", { domain: domain.domain })}
                  </Button>
                )}
                <Button size="sm" onClick={() => setRemoving(domain)}>
                  {t("remove", { domain: domain.domain })}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={removing ? t("removeTitle", { domain: removing.domain }) : t("removeThisTitle")}
        description={t("removeDescription")}
        confirmLabel={t("removeConfirm")}
        isPending={remove.isPending}
        onConfirm={() => removing && remove.mutate({ workspaceId, domainId: removing.id })}
      />
    </div>
  );
}
