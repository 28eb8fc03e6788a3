"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Field, Input } from "@/components/ui/Field";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { RetryCountdown, useRetryCountdown } from "@/lib/useCountdown";
import { AuthCard } from "../password-reset/AuthCard";

/**
 * The second step of a sign-in for an account with two-factor sign-in: the authenticator app's current code, or
 * one of the recovery codes (the field takes both).
 */
export function SecondFactorForm() {
  const t = useTranslations("SecondFactor");
  const trpc = useTRPC();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [isRecovery, setIsRecovery] = useState(false);
  const { secondsLeft, refusedBy } = useRetryCountdown();
  const verify = useMutation(
    trpc.auth.verifySecondFactor.mutationOptions({
      onSuccess: () => {
        router.push("/dashboard");
        router.refresh();
      },
      onError: (cause) => {
        setError(getErrorMessage(cause));
        refusedBy(cause);
      },
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    verify.mutate({ code: String(new FormData(event.currentTarget).get("code") ?? "") });
  }

  return (
    <AuthCard title={t("title")}>
      <form className="flex flex-col gap-4" onSubmit={submit} aria-label={t("title")}>
        <p className="text-muted">{isRecovery ? t("recoveryIntro") : t("appIntro")}</p>
        <Field label={isRecovery ? t("recoveryCode") : t("appCode")}>
          {(id) =>
            isRecovery ? (
              <Input
                key="recovery"
                id={id}
                name="code"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="xxxxx-xxxxx"
                maxLength={32}
                required
                autoFocus
              />
            ) : (
              <Input
                key="totp"
                id={id}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]{6,7}"
                placeholder="123456"
                maxLength={7}
                required
                autoFocus
              />
            )
          }
        </Field>
        {error && (
          <p className="text-danger-600" role="alert">
            {error}
            <RetryCountdown secondsLeft={secondsLeft} />
          </p>
        )}
        <Button
          variant="primary"
          type="submit"
          disabled={verify.isPending || verify.isSuccess || secondsLeft > 0}
        >
          {verify.isPending || verify.isSuccess ? t("signingIn") : t("verify")}
        </Button>
        <button
          type="button"
          className="self-center text-[13px] font-medium text-brand-600 hover:underline"
          onClick={() => {
            setIsRecovery((current) => !current);
            setError(null);
          }}
        >
          {isRecovery ? t("useApp") : t("useRecoveryCode")}
        </button>
        <p className="text-center text-[13px] text-muted">
          {t.rich("lostBoth", {
            link: (chunks) => (
              <Link className="font-medium text-brand-600 hover:underline" href="/sign-in">
                {chunks}
              </Link>
            ),
          })}
        </p>
      </form>
    </AuthCard>
  );
}
