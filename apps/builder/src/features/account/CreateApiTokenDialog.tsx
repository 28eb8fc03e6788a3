"use client";

import { type ApiTokenScope, apiTokenScopes } from "@parley/schemas/management/apiTokenScopes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/Button";
import { CopyButton } from "@/components/ui/CopyButton";
import { Dialog } from "@/components/ui/Dialog";
import { FormActions, NameInput } from "@/components/ui/DialogForm";
import { Field, Input } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { apiTokenScopeLabels } from "./apiTokenScopeLabels";

const expiries = [
  { value: "", label: "Never" },
  { value: "7", label: "In 7 days" },
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "365", label: "In a year" },
  { value: "date", label: "On a date…" },
] as const;
type Expiry = (typeof expiries)[number]["value"];

/** Today as `YYYY-MM-DD` in the browser's time zone: the first day a token may be chosen to last until. */
function today(): string {
  const day = new Date();
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
}

/** When a token chosen to last `expiry` (or until `date`, that whole day included) stops working; null: never. */
function expiryInstant(expiry: Expiry, date: string): string | null {
  if (expiry === "") return null;
  if (expiry === "date") {
    const [year, month, day] = date.split("-").map(Number);
    if (!year || !month || !day) return null;
    return new Date(year, month - 1, day + 1).toISOString();
  }
  return new Date(Date.now() + Number(expiry) * 86_400_000).toISOString();
}

/**
 * Asks for a name, what the token may do (full access or chosen scopes), an optional workspace and an optional
 * expiry, creates it and shows its secret this one time.
 */
export function CreateApiTokenDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [isLimited, setIsLimited] = useState(false);
  const [scopes, setScopes] = useState<ApiTokenScope[]>([]);
  const [workspaceId, setWorkspaceId] = useState("");
  const [expiry, setExpiry] = useState<Expiry>("");
  const [expiryDate, setExpiryDate] = useState("");
  const workspaces = useQuery({ ...trpc.workspaces.listWorkspaces.queryOptions(), enabled: open });
  const [error, setError] = useState<string | null>(null);
  const [createdToken, setCreatedToken] = useState<string | null>(null);
  const create = useMutation(
    trpc.apiTokens.createApiToken.mutationOptions({
      onSuccess: async ({ apiToken }) => {
        setCreatedToken(apiToken.token);
        toast.success(`Token “${apiToken.name}” created`);
        await queryClient.invalidateQueries({ queryKey: trpc.apiTokens.listApiTokens.queryKey() });
      },
      onError: (cause) => setError(getErrorMessage(cause)),
    }),
  );

  function close(isOpen: boolean) {
    if (isOpen) return onOpenChange(true);
    onOpenChange(false);
    // The secret is forgotten as soon as the dialog closes.
    setCreatedToken(null);
    setName("");
    setIsLimited(false);
    setScopes([]);
    setWorkspaceId("");
    setExpiry("");
    setExpiryDate("");
    setError(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const expiresAt = expiryInstant(expiry, expiryDate);
    create.mutate({
      name: name.trim(),
      // Kept in the order of the list, whatever order they were ticked in.
      ...(isLimited ? { scopes: apiTokenScopes.filter((scope) => scopes.includes(scope)) } : {}),
      ...(workspaceId ? { workspaceId } : {}),
      ...(expiresAt ? { expiresAt } : {}),
    });
  }

  const isIncomplete =
    name.trim() === "" || (isLimited && scopes.length === 0) || (expiry === "date" && expiryDate === "");

  if (createdToken) {
    return (
      <Dialog
        open={open}
        onOpenChange={close}
        title="Copy your new token"
        description="This is the only time it is shown. Store it somewhere safe, such as a password manager."
        footer={
          <Button variant="primary" onClick={() => close(false)}>
            Done
          </Button>
        }
      >
        <div className="flex flex-col gap-3">
          <code
            data-testid="created-api-token"
            className="block rounded-lg border border-line bg-subtle px-3 py-2 font-mono text-[13px] break-all"
          >
            {createdToken}
          </code>
          <div className="flex items-center justify-between gap-3">
            <p className="flex items-center gap-1.5 text-[13px] text-warning-600">
              <TriangleAlert size={14} aria-hidden />
              You won’t be able to see it again.
            </p>
            <CopyButton value={createdToken} label="Copy token" copiedMessage="Token copied" />
          </div>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={close} title="Create an API token">
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <Field label="Token name" hint="What it is for, e.g. “CI deploys” or “Zapier”." error={error}>
          {(id) => <NameInput id={id} value={name} onValueChange={setName} />}
        </Field>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium text-ink">Access</legend>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="api-token-access"
              className="accent-brand-600"
              checked={!isLimited}
              onChange={() => setIsLimited(false)}
            />
            Full access (everything you can do)
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="api-token-access"
              className="accent-brand-600"
              checked={isLimited}
              onChange={() => setIsLimited(true)}
            />
            Only the chosen scopes
          </label>
          {isLimited ? (
            <fieldset className="ml-6 flex flex-col gap-1.5">
              <legend className="sr-only">Scopes</legend>
              {apiTokenScopes.map((scope) => (
                <label key={scope} className="flex items-start gap-2 text-[13px]">
                  <input
                    type="checkbox"
                    className="mt-0.5 accent-brand-600"
                    checked={scopes.includes(scope)}
                    onChange={(event) =>
                      setScopes(
                        event.target.checked
                          ? [...scopes, scope]
                          : scopes.filter((candidate) => candidate !== scope),
                      )
                    }
                  />
                  <span className="min-w-0">
                    <code className="font-mono">{scope}</code>
                    <span className="text-muted"> · {apiTokenScopeLabels[scope]}</span>
                  </span>
                </label>
              ))}
              {scopes.length === 0 ? (
                <p className="text-[13px] text-muted">Pick at least one scope.</p>
              ) : null}
            </fieldset>
          ) : null}
        </fieldset>
        <Field label="Workspace" hint="Restricted to one workspace, it cannot reach the others.">
          {(id) => (
            <Select id={id} value={workspaceId} onChange={(event) => setWorkspaceId(event.target.value)}>
              <option value="">All my workspaces</option>
              {(workspaces.data?.workspaces ?? []).map((workspace) => (
                <option key={workspace.id} value={workspace.id}>
                  {workspace.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Expires" hint="From then on it is refused, like a revoked token.">
          {(id) => (
            <Select
              id={id}
              value={expiry}
              onChange={(event) => {
                const chosen = expiries.find((option) => option.value === event.target.value);
                if (chosen) setExpiry(chosen.value);
              }}
              options={expiries}
            />
          )}
        </Field>
        {expiry === "date" ? (
          <Field label="Last day it works">
            {(id) => (
              <Input
                id={id}
                type="date"
                required
                min={today()}
                value={expiryDate}
                onChange={(event) => setExpiryDate(event.target.value)}
              />
            )}
          </Field>
        ) : null}
        <FormActions
          onCancel={() => close(false)}
          submitLabel="Create token"
          pendingLabel="Creating…"
          isPending={create.isPending}
          isDisabled={isIncomplete}
        />
      </form>
    </Dialog>
  );
}
