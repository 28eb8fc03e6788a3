"use client";

import type { WorkspaceSsoPreset } from "@parley/schemas/management/workspaceSso";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { CopyButton } from "@/components/ui/CopyButton";
import { Field, Input } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import { Select } from "@/components/ui/Select";
import { Switch } from "@/components/ui/Switch";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { DomainsPanel } from "./DomainsPanel";

const presets: { value: WorkspaceSsoPreset; label: string; issuerHint: string }[] = [
  { value: "oidc", label: "OpenID Connect", issuerHint: "The issuer URL, e.g. https://login.acme.com" },
  { value: "google", label: "Google Workspace", issuerHint: "https://accounts.google.com" },
  {
    value: "microsoft",
    label: "Microsoft Entra ID",
    issuerHint: "https://login.microsoftonline.com/<tenant id>/v2.0",
  },
  { value: "gitlab", label: "GitLab", issuerHint: "https://gitlab.com, or your GitLab's URL" },
  { value: "keycloak", label: "Keycloak", issuerHint: "https://<keycloak host>/realms/<realm>" },
  { value: "github", label: "GitHub", issuerHint: "https://github.com, or your Enterprise Server's URL" },
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
        toast.success("Single sign-on saved");
      },
      onError: (error) => toast.error(`Could not save single sign-on: ${getErrorMessage(error)}`),
    }),
  );
  const remove = useMutation(
    trpc.sso.deleteWorkspaceSso.mutationOptions({
      onSuccess: async () => {
        await refresh();
        setIsRemoving(false);
        toast.success("Single sign-on removed");
      },
      onError: (error) => toast.error(`Could not remove single sign-on: ${getErrorMessage(error)}`),
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
    <Section
      id="single-sign-on"
      title="Single sign-on"
      description="Let members sign in through your company's identity provider, and require it if you wish. Admins can always sign in another way, to repair a broken configuration."
    >
      <form onSubmit={submit} className="flex flex-col gap-3" aria-label="Single sign-on provider">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label="Provider">
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
          <Field label="Button name" hint={'Shown as "Sign in with <name>"'}>
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
        <Field label={draft.preset === "github" ? "GitHub URL" : "Issuer URL"} hint={preset?.issuerHint}>
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
          <Field label="Client ID">
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
          <Field
            label="Client secret"
            hint={sso ? "Stored encrypted. Leave empty to keep it." : "Stored encrypted, never shown again."}
          >
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
        <Field
          label="Allowed e-mail domains"
          hint="Separated by commas. Only addresses of these domains, once verified below, sign in through it."
        >
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
          label="Require single sign-on"
          hint="Members and guests open this workspace only after signing in through this provider."
          checked={draft.isEnforced}
          onCheckedChange={(checked) => set({ isEnforced: checked })}
        />
        {sso ? (
          <div className="flex flex-col gap-2 rounded-card bg-subtle p-3 text-[13px]">
            <p>Register this redirect URI at your provider:</p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input readOnly aria-label="Redirect URI" value={sso.callbackUrl} className="sm:flex-1" />
              <CopyButton
                value={sso.callbackUrl}
                label="Copy redirect URI"
                copiedMessage="Redirect URI copied"
              />
            </div>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {sso ? "Save single sign-on" : "Set up single sign-on"}
          </Button>
          {sso ? (
            <Button type="button" variant="secondary" onClick={() => setIsRemoving(true)}>
              Remove
            </Button>
          ) : null}
        </div>
      </form>
      <DomainsPanel workspaceId={workspaceId} />
      <ConfirmDialog
        open={isRemoving}
        onOpenChange={setIsRemoving}
        title="Remove single sign-on?"
        description="Members will sign in with their password or an e-mailed link again; the requirement ends with it."
        confirmLabel="Remove"
        isPending={remove.isPending}
        onConfirm={() => remove.mutate({ workspaceId })}
      />
    </Section>
  );
}
