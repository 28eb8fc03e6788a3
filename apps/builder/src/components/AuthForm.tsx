"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Card } from "@/components/ui/Card";
import { Field, Input } from "@/components/ui/Field";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { RetryCountdown, useRetryCountdown } from "@/lib/useCountdown";

export function AuthForm({
  mode,
  notice,
  canEmailLink = false,
  providers = [],
  initialError,
}: {
  mode: "sign-in" | "sign-up";
  notice?: string;
  /** The install sends e-mail: the sign-in page offers an e-mailed sign-in link. */
  canEmailLink?: boolean;
  /** The install's single sign-on providers: one "Sign in with …" link each. */
  providers?: { id: string; name: string }[];
  /** Why the last single sign-on came back refused (`/sign-in?error=…`). */
  initialError?: string;
}) {
  const t = useTranslations("Auth");
  const trpc = useTRPC();
  const router = useRouter();
  const [error, setError] = useState<string | null>(initialError ?? null);
  // Refused for too many failed sign-ins: the form stays disabled until the wait is over.
  const { secondsLeft, refusedBy } = useRetryCountdown();
  const onSuccess = (answer: object) => {
    // An account with two-factor sign-in is asked for its code next.
    const next = "status" in answer && answer.status === "secondFactorRequired";
    router.push(next ? "/sign-in/second-factor" : "/dashboard");
    router.refresh();
  };
  const onError = (cause: unknown) => {
    setError(getErrorMessage(cause));
    refusedBy(cause);
  };
  const signIn = useMutation(trpc.auth.signIn.mutationOptions({ onSuccess, onError }));
  const signUp = useMutation(trpc.auth.signUp.mutationOptions({ onSuccess, onError }));
  const isPending = signIn.isPending || signUp.isPending;
  const isSignUp = mode === "sign-up";

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    if (isSignUp) signUp.mutate({ email, password, name: String(form.get("name") ?? "") || undefined });
    else signIn.mutate({ email, password });
  }

  return (
    <main className="grid min-h-screen place-items-center p-4">
      <Card className="w-full max-w-sm p-8">
        <form className="flex flex-col gap-4" onSubmit={submit} aria-labelledby="auth-title">
          <div className="text-lg font-bold tracking-tight text-brand-600">Parley</div>
          <h1 id="auth-title" className="text-xl font-semibold">
            {isSignUp ? t("signUpTitle") : t("signInTitle")}
          </h1>
          {isSignUp && (
            <Field label={t("name")}>
              {(id) => <Input id={id} name="name" autoComplete="name" maxLength={100} />}
            </Field>
          )}
          <Field label={t("email")}>
            {(id) => <Input id={id} name="email" type="email" autoComplete="email" required />}
          </Field>
          <Field label={t("password")} hint={isSignUp ? t("passwordHint") : undefined}>
            {(id) => (
              <Input
                id={id}
                name="password"
                type="password"
                autoComplete={isSignUp ? "new-password" : "current-password"}
                minLength={isSignUp ? 8 : undefined}
                required
              />
            )}
          </Field>
          {!isSignUp && (
            <Link
              className="-mt-2 self-end text-[13px] text-brand-600 hover:underline"
              href="/forgot-password"
            >
              {t("forgotPassword")}
            </Link>
          )}
          {notice && !error && (
            <p className="text-ink" role="status">
              {notice}
            </p>
          )}
          {error && (
            <p className="text-danger-600" role="alert">
              {error}
              <RetryCountdown secondsLeft={secondsLeft} />
            </p>
          )}
          <Button variant="primary" type="submit" disabled={isPending || secondsLeft > 0}>
            {isPending ? t("pleaseWait") : isSignUp ? t("signUpSubmit") : t("signInSubmit")}
          </Button>
          {!isSignUp && providers.length > 0 && (
            <ul className="flex flex-col gap-2" aria-label={t("singleSignOn")}>
              {providers.map((provider) => (
                <li key={provider.id} className="flex flex-col">
                  {/* A full navigation: the server redirects to the provider. */}
                  <a
                    className="rounded-md border border-line bg-surface px-3 py-2 text-center font-medium text-ink hover:bg-subtle"
                    href={`/api/auth/sso/${provider.id}`}
                  >
                    {t("signInWithProvider", { provider: provider.name })}
                  </a>
                </li>
              ))}
            </ul>
          )}
          {!isSignUp && (
            <Link className="text-center font-medium text-brand-600 hover:underline" href="/sign-in/sso">
              {t("signInWithSso")}
            </Link>
          )}
          {!isSignUp && canEmailLink && (
            <Link className="text-center font-medium text-brand-600 hover:underline" href="/sign-in/email">
              {t("emailMeALink")}
            </Link>
          )}
          <p className="text-muted">
            {isSignUp ? t("haveAccount") : t("newHere")}{" "}
            <Link
              className="font-medium text-brand-600 hover:underline"
              href={isSignUp ? "/sign-in" : "/sign-up"}
            >
              {isSignUp ? t("signInLink") : t("signUpLink")}
            </Link>
          </p>
        </form>
      </Card>
    </main>
  );
}
