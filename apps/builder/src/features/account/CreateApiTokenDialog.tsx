"use client";

import { type ApiTokenScope, apiTokenScopes } from "@parley/schemas/management/apiTokenScopes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { CopyButton } from "@/components/ui/CopyButton";
import { Dialog } from "@/components/ui/Dialog";
import { FormActions, NameInput } from "@/components/ui/DialogForm";
import { Field, Input } from "@/components/ui/Field";
import { Select } from "@/components/ui/Select";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { getApiTokenScopeLabels } from "./apiTokenScopeLabels";

const expiries = ["", "7", "30", "90", "365", "date"] as const;
type Expiry = (typeof expiries)[number];

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
  const t = useTranslations("CreateApiToken");
  const scopeLabels = getApiTokenScopeLabels(useTranslations("ApiTokenScopes"));
  const expiryLabels: Record<Expiry, string> = {
    "": t("expiryNever"),
    "7": t("expiryDays", { count: 7 }),
    "30": t("expiryDays", { count: 30 }),
    "90": t("expiryDays", { count: 90 }),
    "365": t("expiryYear"),
    date: t("expiryDate"),
  };
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
        toast.success(t("created", { name: apiToken.name }));
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
        title={t("copyTitle")}
        description={t("copyDescription")}
        footer={
          <Button variant="primary" onClick={() => close(false)}>
            {t("done")}
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
              {t("notShownAgain")}
            </p>
            <CopyButton value={createdToken} label={t("copyToken")} copiedMessage={t("tokenCopied")} />
          </div>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={close} title={t("title")}>
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <Field label={t("name")} hint={t("nameHint")} error={error}>
          {(id) => <NameInput id={id} value={name} onValueChange={setName} />}
        </Field>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium text-ink">{t("access")}</legend>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="api-token-access"
              className="accent-brand-600"
              checked={!isLimited}
              onChange={() => setIsLimited(false)}
            />
            {t("fullAccess")}
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="api-token-access"
              className="accent-brand-600"
              checked={isLimited}
              onChange={() => setIsLimited(true)}
            />
            {t("chosenScopes")}
          </label>
          {isLimited ? (
            <fieldset className="ml-6 flex flex-col gap-1.5">
              <legend className="sr-only">{t("scopes")}</legend>
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
                    <span className="text-muted"> · {scopeLabels[scope]}</span>
                  </span>
                </label>
              ))}
              {scopes.length === 0 ? <p className="text-[13px] text-muted">{t("pickScope")}</p> : null}
            </fieldset>
          ) : null}
        </fieldset>
        <Field label={t("workspace")} hint={t("workspaceHint")}>
          {(id) => (
            <Select id={id} value={workspaceId} onChange={(event) => setWorkspaceId(event.target.value)}>
              <option value="">{t("allWorkspaces")}</option>
              {(workspaces.data?.workspaces ?? []).map((workspace) => (
                <option key={workspace.id} value={workspace.id}>
                  {workspace.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t("expires")} hint={t("expiresHint")}>
          {(id) => (
            <Select
              id={id}
              value={expiry}
              onChange={(event) => {
                const chosen = expiries.find((option) => option === event.target.value);
                if (chosen !== undefined) setExpiry(chosen);
              }}
              options={expiries.map((value) => ({ value, label: expiryLabels[value] }))}
            />
          )}
        </Field>
        {expiry === "date" ? (
          <Field label={t("lastDay")}>
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
          submitLabel={t("submit")}
          pendingLabel={t("creating")}
          isPending={create.isPending}
          isDisabled={isIncomplete}
        />
      </form>
    </Dialog>
  );
}
