"use client";

import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Field, Input } from "@/components/ui/Field";
import { Section } from "@/components/ui/Section";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { NewPasswordFields, readNewPassword } from "./NewPasswordFields";

/** Current and new password; the account's other sign-ins end. */
export function ChangePasswordSection() {
  const t = useTranslations("ChangePassword");
  const newPassword = useTranslations("NewPassword");
  const trpc = useTRPC();
  const [error, setError] = useState<string | null>(null);
  const change = useMutation(trpc.account.changePassword.mutationOptions());

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const form = event.currentTarget;
    const data = new FormData(form);
    const typed = readNewPassword(data, "newPassword", newPassword);
    if ("error" in typed) {
      setError(typed.error);
      return;
    }
    change.mutate(
      { currentPassword: String(data.get("currentPassword") ?? ""), newPassword: typed.password },
      {
        onSuccess: ({ signedOutSessions }) => {
          form.reset();
          toast.success(
            signedOutSessions > 0 ? t("changedSignedOut", { count: signedOutSessions }) : t("changed"),
          );
        },
        onError: (cause) => setError(getErrorMessage(cause)),
      },
    );
  }

  return (
    <Section id="change-password" title={t("title")} description={t("description")}>
      <form className="flex max-w-sm flex-col gap-4" onSubmit={submit}>
        <Field label={t("current")}>
          {(id) => (
            <Input id={id} name="currentPassword" type="password" autoComplete="current-password" required />
          )}
        </Field>
        <NewPasswordFields name="newPassword" />
        {error ? (
          <p className="text-danger-600" role="alert">
            {error}
          </p>
        ) : null}
        <Button variant="primary" type="submit" className="self-start" disabled={change.isPending}>
          {change.isPending ? t("submitting") : t("submit")}
        </Button>
      </form>
    </Section>
  );
}
