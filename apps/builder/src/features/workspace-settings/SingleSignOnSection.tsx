"use client";

import type { WorkspaceSsoPreset } from "@parley/schemas/management/workspaceSso";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { CopyButton } from "@/components/ui/CopyButton";
import { Field, Input } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import { Select } from "@/components/ui/Select";
import { Switch } from "@/components/ui/Switch";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { DomainsPanel } from "./DomainsPanel";

/** The providers offered, with the issuer each expects (product names stay as they are in every language). */
const getPresets = (
  t: InterfaceTranslator<"SingleSignOn">,
): { value: WorkspaceSsoPreset; label: string; issuerHint: string }[] => [
  { value: "oidc", label: "OpenID Connect", issuerHint: t("oidcIssuerHint") },
  { value: "google", label: "Google Workspace", issuerHint: "https://accounts.google.com" },
  { value: "microsoft", label: "Microsoft Entra ID", issuerHint: t("microsoftIssuerHint") },
  { value: "gitlab", label: "GitLab", issuerHint: t("gitlabIssuerHint") },
  { value: "keycloak", label: "Keycloak", issuerHint: t("keycloakIssuerHint") },
  { value: "github", label: "GitHub", issuerHint: t("githubIssuerHint") },
];

const defaultIssuers: Partial<Record<WorkspaceSsoPreset, string>> = {
  google: "https://accounts.google.com",
  gitlab: "https://gitlab.com",
  github: "https://github.com",
};

interface Draft {
  preset: WorkspaceSsoPreset;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  allowedDomains: string;
  isEnforced: boolean;
}

const emptyDraft: Draft = {
  preset: "oidc",
  name: "",
  issuer: "",
  clientId: "",
  clientSecret: "",
  allowedDomains: "",
  isEnforced: false,
};

/**
 * The workspace's own identity provider (ADMINs): OpenID Connect by issuer or a preset, the client's secret (sealed,
 * never shown again), the e-mail domains it may sign in, and whether members must sign in through it. Below it,
 * the workspace's domains and their DNS verification.
 */
export function SingleSignOnSection({ workspaceId }: { workspaceId: string }) {
  const t = useTranslations("SingleSignOn");
  const presets = getPresets(t);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const current = useQuery(trpc.sso.getWorkspaceSso.queryOptions({ workspaceId }));
  const sso = current.data?.sso ?? null;
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [isRemoving, setIsRemoving] = useState(false);
  useEffect(() => {
    if (!current.data) return;
    const saved = current.data.sso;
    setDraft(
      saved
        ? {
            preset: saved.preset,
            name: saved.name,
            issuer: saved.issuer,
            clientId: saved.clientId,
            clientSecret: "",
            allowedDomains: saved.allowedDomains.join(", "),
            isEnforced: saved.isEnforced,
          }
        : emptyDraft,
    );
  }, [current.data]);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.sso.getWorkspaceSso.queryKey({ workspaceId }) });
  const save = useMutation(
    trpc.sso.updateWorkspaceSso.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success(t("saved"));
      },
      onError: (error) => toast.error(t("saveFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const remove = useMutation(
    trpc.sso.deleteWorkspaceSso.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setIsRemoving(false);
        toast.success(t("removed"));
      },
      onError: (error) => toast.error(t("removeFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const set = (changes: Partial<Draft>) => setDraft((previous) => ({ ...previous, ...changes }));

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({
      workspaceId,
      sso: {
        preset: draft.preset,
        name: draft.name,
        issuer: draft.issuer,
        clientId: draft.clientId,
        ...(draft.clientSecret ? { clientSecret: draft.clientSecret } : {}),
        allowedDomains: draft.allowedDomains
          .split(/[\s,]+/)
          .map((domain) => domain.trim())
          .filter(Boolean),
        isEnforced: draft.isEnforced,
      },
    });
  }

  const preset = presets.find((option) => option.value === draft.preset) ?? presets[0];
  return (
    <Section id="single-sign-on" title={t("title")} description={t("description")}>
      <form onSubmit={submit} className="flex flex-col gap-3" aria-label={t("formLabel")}>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label={t("provider")}>
            {(id) => (
              <Select
                id={id}
                value={draft.preset}
                onChange={(event) => {
                  const chosen = presets.find((option) => option.value === event.target.value);
                  if (!chosen) return;
                  set({
                    preset: chosen.value,
                    issuer: draft.issuer || defaultIssuers[chosen.value] || "",
                    name: draft.name || chosen.label,
                  });
                }}
                options={presets}
              />
            )}
          </Field>
          <Field label={t("buttonName")} hint={t("buttonNameHint")}>
            {(id) => (
              <Input
                id={id}
                required
                maxLength={60}
                value={draft.name}
                onChange={(event) => set({ name: event.target.value })}
              />
            )}
          </Field>
        </div>
        <Field label={draft.preset === "github" ? t("githubUrl") : t("issuerUrl")} hint={preset?.issuerHint}>
          {(id) => (
            <Input
              id={id}
              required
              type="url"
              value={draft.issuer}
              onChange={(event) => set({ issuer: event.target.value })}
            />
          )}
        </Field>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label={t("clientId")}>
            {(id) => (
              <Input
                id={id}
                required
                autoComplete="off"
                value={draft.clientId}
                onChange={(event) => set({ clientId: event.target.value })}
              />
            )}
          </Field>
          <Field label={t("clientSecret")} hint={sso ? t("clientSecretKeep") : t("clientSecretHint")}>
            {(id) => (
              <Input
                id={id}
                type="password"
                autoComplete="new-password"
                required={!sso}
                value={draft.clientSecret}
                onChange={(event) => set({ clientSecret: event.target.value })}
              />
            )}
          </Field>
        </div>
        <Field label={t("allowedDomains")} hint={t("allowedDomainsHint")}>
          {(id) => (
            <Input
              id={id}
              required
              placeholder="acme.com"
              value={draft.allowedDomains}
              onChange={(event) => set({ allowedDomains: event.target.value })}
            />
          )}
        </Field>
        <Switch
          label={t("require")}
          hint={t("requireHint")}
          checked={draft.isEnforced}
          onCheckedChange={(checked) => set({ isEnforced: checked })}
        />
        {sso ? (
          <div className="flex flex-col gap-2 rounded-card bg-subtle p-3 text-[13px]">
            <p>{t("redirectUri")}</p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                readOnly
                aria-label={t("redirectUriLabel")}
                value={sso.callbackUrl}
                className="sm:flex-1"
              />
              <CopyButton
                value={sso.callbackUrl}
                label={t("copyRedirectUri")}
                copiedMessage={t("redirectUriCopied")}
              />
            </div>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {sso ? t("save") : t("setUp")}
          </Button>
          {sso ? (
            <Button type="button" variant="secondary" onClick={() => setIsRemoving(true)}>
              {t("remove")}
            </Button>
          ) : null}
        </div>
      </form>
      <DomainsPanel workspaceId={workspaceId} />
      <ConfirmDialog
        open={isRemoving}
        onOpenChange={setIsRemoving}
        title={t("removeTitle")}
        description={t("removeDescription")}
        confirmLabel={t("remove")}
        isPending={remove.isPending}
        onConfirm={() => remove.mutate({ workspaceId })}
      />
    </Section>
  );
}
