"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Spinner } from "@/components/ui/Spinner";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { NewPasswordFields, readNewPassword } from "../account/NewPasswordFields";
import { AuthCard } from "./AuthCard";

/** The page a reset link opens: a new password, twice; then the user is signed in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations("ResetPassword");
  const trpc = useTRPC();
  const router = useRouter();
  const newPassword = useTranslations("NewPassword");
  const [error, setError] = useState<string | null>(null);
  const link = useQuery(trpc.auth.checkPasswordResetLink.queryOptions({ token }, { retry: false }));
  const reset = useMutation(
    trpc.auth.resetPassword.mutationOptions({
      onSuccess: (answer) => {
        // An account with two-factor sign-in is asked for its code next.
        router.push(answer.status === "secondFactorRequired" ? "/sign-in/second-factor" : "/dashboard");
        router.refresh();
      },
      onError: (cause) => setError(getErrorMessage(cause)),
    }),
  );

  if (link.isPending) {
    return (
      <AuthCard title={t("title")}>
        <Spinner label={t("checking")} />
      </AuthCard>
    );
  }
  if (!link.data?.isValid) {
    return (
      <AuthCard title={t("invalidTitle")}>
        <p role="alert">{t("invalid")}</p>
        <p>
          <Link className="font-medium text-brand-600 hover:underline" href="/forgot-password">
            {t("askNewLink")}
          </Link>
        </p>
      </AuthCard>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const data = new FormData(event.currentTarget);
    const typed = readNewPassword(data, "password", newPassword);
    if ("error" in typed) {
      setError(typed.error);
      return;
    }
    reset.mutate({ token, password: typed.password });
  }

  return (
    <AuthCard title={t("title")}>
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <NewPasswordFields name="password" />
        {error && (
          <p className="text-danger-600" role="alert">
            {error}
          </p>
        )}
        <Button variant="primary" type="submit" disabled={reset.isPending}>
          {reset.isPending ? t("pleaseWait") : t("submit")}
        </Button>
      </form>
    </AuthCard>
  );
}
