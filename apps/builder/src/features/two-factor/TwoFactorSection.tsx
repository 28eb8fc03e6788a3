"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { CopyButton } from "@/components/ui/CopyButton";
import { Field, Input } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useDateFormat } from "@/lib/useDateFormat";
import { RecoveryCodesPanel } from "./RecoveryCodesPanel";

interface TwoFactorStatus {
  isEnabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

/** The base32 key in groups of four, as authenticator apps print it. */
const groupKey = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

/**
 * Account > Security > Two-factor sign-in: set up (scan the QR code or type the key, confirm with a first code,
 * save the 10 recovery codes), and once on, turn off or regenerate the recovery codes with a current code.
 */
export function TwoFactorSection({ status }: { status: TwoFactorStatus }) {
  const t = useTranslations("AccountSecurity");
  const { date } = useDateFormat();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.account.getAccountSecurity.queryKey() });
  const onError = (cause: unknown) => setError(getErrorMessage(cause));

  const start = useMutation(trpc.account.startTwoFactorSetup.mutationOptions({ onError }));
  const confirm = useMutation(
    trpc.account.confirmTwoFactorSetup.mutationOptions({
      onSuccess: async (answer) => {
        start.reset();
        setRecoveryCodes(answer.recoveryCodes);
        toast.success(t("twoFactorOn"));
        await refresh();
      },
      onError,
    }),
  );
  const disable = useMutation(
    trpc.account.disableTwoFactor.mutationOptions({
      onSuccess: async () => {
        setRecoveryCodes(null);
        toast.success(t("twoFactorOff"));
        await refresh();
      },
      onError,
    }),
  );
  const regenerate = useMutation(
    trpc.account.regenerateRecoveryCodes.mutationOptions({
      onSuccess: async (answer) => {
        setRecoveryCodes(answer.recoveryCodes);
        toast.success(t("codesRegenerated"));
        await refresh();
      },
      onError,
    }),
  );

  function submitConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    confirm.mutate({ code: String(new FormData(event.currentTarget).get("code") ?? "") });
  }

  function submitManage(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const form = event.currentTarget;
    const code = String(new FormData(form).get("code") ?? "");
    const intent = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
    const options = { onSuccess: () => form.reset() };
    if (intent === "regenerate") regenerate.mutate({ code }, options);
    else disable.mutate({ code }, options);
  }

  const errorLine = error ? (
    <p className="text-danger-600" role="alert">
      {error}
    </p>
  ) : null;

  return (
    <Section
      id="two-factor"
      title={t("twoFactorTitle")}
      description={t("twoFactorDescription")}
      actions={
        status.isEnabled ? <Badge tone="success">{t("on")}</Badge> : <Badge tone="neutral">{t("off")}</Badge>
      }
    >
      {recoveryCodes ? (
        <RecoveryCodesPanel codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : null}
      {status.isEnabled ? (
        <>
          <p>
            {t("onSince", {
              date: status.enabledAt ? date(status.enabledAt) : "—",
              count: status.recoveryCodesLeft,
            })}
          </p>
          <form className="flex max-w-sm flex-col gap-4" onSubmit={submitManage}>
            <Field label={t("currentCode")} hint={t("currentCodeHint")}>
              {(id) => <Input id={id} name="code" autoComplete="one-time-code" maxLength={32} required />}
            </Field>
            {errorLine}
            <div className="flex flex-wrap gap-2">
              <Button
                type="submit"
                name="intent"
                value="regenerate"
                disabled={regenerate.isPending || disable.isPending}
              >
                {t("regenerate")}
              </Button>
              <Button
                type="submit"
                name="intent"
                value="disable"
                variant="danger"
                disabled={regenerate.isPending || disable.isPending}
              >
                {t("turnOff")}
              </Button>
            </div>
          </form>
        </>
      ) : start.data ? (
        <div className="flex flex-col gap-4">
          <ol className="flex list-decimal flex-col gap-3 pl-5">
            <li>
              {t("scanStep")}
              {/* The SVG is made by the server from the otpauth URI; an <img> runs none of its content. */}
              {/* biome-ignore lint/performance/noImgElement: an inline data: SVG, nothing for next/image to optimize */}
              <img
                className="mt-2 size-44 rounded-md border border-line bg-white p-1"
                src={`data:image/svg+xml;utf8,${encodeURIComponent(start.data.qrCodeSvg)}`}
                alt={t("qrAlt")}
              />
            </li>
            <li>
              {t("typeKeyStep")}{" "}
              <code className="font-mono break-all" data-testid="two-factor-secret">
                {groupKey(start.data.secret)}
              </code>{" "}
              <CopyButton value={start.data.secret} label={t("copyKey")} size="sm" variant="ghost" />
            </li>
            <li>{t("enterCodeStep")}</li>
          </ol>
          <form className="flex max-w-sm flex-col gap-4" onSubmit={submitConfirm}>
            <Field label={t("codeFromApp")}>
              {(id) => (
                <Input
                  id={id}
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9 ]{6,7}"
                  maxLength={7}
                  required
                />
              )}
            </Field>
            {errorLine}
            <div className="flex gap-2">
              <Button variant="primary" type="submit" disabled={confirm.isPending}>
                {confirm.isPending ? t("checking") : t("turnOn")}
              </Button>
              <Button type="button" variant="ghost" onClick={() => start.reset()}>
                {t("cancel")}
              </Button>
            </div>
          </form>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          {errorLine}
          <Button
            variant="primary"
            className="self-start"
            disabled={start.isPending}
            onClick={() => {
              setError(null);
              start.mutate();
            }}
          >
            {start.isPending ? t("preparing") : t("setUp")}
          </Button>
        </div>
      )}
    </Section>
  );
}
