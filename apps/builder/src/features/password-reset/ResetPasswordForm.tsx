"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/Button";
import { Spinner } from "@/components/ui/Spinner";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { NewPasswordFields, readNewPassword } from "../account/NewPasswordFields";
import { AuthCard } from "./AuthCard";

/** The page a reset link opens: a new password, twice; then the user is signed in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const trpc = useTRPC();
  const router = useRouter();
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
      <AuthCard title="Choose a new password">
        <Spinner label="Checking the link" />
      </AuthCard>
    );
  }
  if (!link.data?.isValid) {
    return (
      <AuthCard title="This link no longer works">
        <p role="alert">
          This password reset link is invalid, expired or already used: a link works once, within one hour.
        </p>
        <p>
          <Link className="font-medium text-brand-600 hover:underline" href="/forgot-password">
            Ask for a new link
          </Link>
        </p>
      </AuthCard>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const data = new FormData(event.currentTarget);
    const typed = readNewPassword(data, "password");
    if ("error" in typed) {
      setError(typed.error);
      return;
    }
    reset.mutate({ token, password: typed.password });
  }

  return (
    <AuthCard title="Choose a new password">
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <NewPasswordFields name="password" />
        {error && (
          <p className="text-danger-600" role="alert">
            {error}
          </p>
        )}
        <Button variant="primary" type="submit" disabled={reset.isPending}>
          {reset.isPending ? "Please wait…" : "Set the new password and sign in"}
        </Button>
      </form>
    </AuthCard>
  );
}
