"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/Button";
import { Field, Input } from "@/components/ui/Field";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { RetryCountdown, useRetryCountdown } from "@/lib/useCountdown";
import { AuthCard } from "./AuthCard";

const backToSignIn = (
  <Link className="font-medium text-brand-600 hover:underline" href="/sign-in">
    Back to sign in
  </Link>
);

/** "Forgot password?": asks for the e-mail; the answer never says whether an account has it. */
export function ForgotPasswordForm({ canSendEmail }: { canSendEmail: boolean }) {
  const trpc = useTRPC();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { secondsLeft, refusedBy } = useRetryCountdown();
  const request = useMutation(
    trpc.auth.requestPasswordReset.mutationOptions({
      onSuccess: (_data, input) => setSentTo(input.email),
      onError: refusedBy,
    }),
  );

  if (!canSendEmail) {
    return (
      <AuthCard title="Forgot your password?">
        <p>
          This Parley install cannot send e-mails (its administrator has not set up SMTP), so it cannot send
          you a reset link. Ask its administrator to reset your password.
        </p>
        <p className="text-muted">{backToSignIn}</p>
      </AuthCard>
    );
  }
  if (sentTo) {
    return (
      <AuthCard title="Check your inbox">
        <p role="status">
          If an account exists for <strong className="break-all">{sentTo}</strong>, we sent it a link to
          choose a new password. The link works once, within one hour.
        </p>
        <p className="text-muted">{backToSignIn}</p>
      </AuthCard>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate({ email: String(new FormData(event.currentTarget).get("email") ?? "") });
  }

  return (
    <AuthCard title="Forgot your password?">
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <p className="text-muted">
          Enter the e-mail of your account and we will send you a link to choose a new password.
        </p>
        <Field label="Email">
          {(id) => <Input id={id} name="email" type="email" autoComplete="email" maxLength={254} required />}
        </Field>
        {request.error && (
          <p className="text-danger-600" role="alert">
            {getErrorMessage(request.error)}
            <RetryCountdown secondsLeft={secondsLeft} />
          </p>
        )}
        <Button variant="primary" type="submit" disabled={request.isPending || secondsLeft > 0}>
          {request.isPending ? "Please wait…" : "Send the link"}
        </Button>
        <p className="text-muted">{backToSignIn}</p>
      </form>
    </AuthCard>
  );
}
