"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/Button";
import { Field, Input } from "@/components/ui/Field";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { RetryCountdown, useRetryCountdown } from "@/lib/useCountdown";
import { AuthCard } from "../password-reset/AuthCard";

const backToSignIn = (
  <Link className="font-medium text-brand-600 hover:underline" href="/sign-in">
    Sign in with a password instead
  </Link>
);

/** "E-mail me a sign-in link": asks for the e-mail; the answer never says whether an account has it. */
export function MagicLinkRequestForm() {
  const trpc = useTRPC();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { secondsLeft, refusedBy } = useRetryCountdown();
  const request = useMutation(
    trpc.auth.requestMagicLink.mutationOptions({
      onSuccess: (_data, input) => setSentTo(input.email),
      onError: refusedBy,
    }),
  );

  if (sentTo) {
    return (
      <AuthCard title="Check your inbox">
        <p role="status">
          If an account exists for <strong className="break-all">{sentTo}</strong>, we sent it a sign-in link.
          The link works once, within 15 minutes.
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
    <AuthCard title="Sign in with an e-mailed link">
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <p className="text-muted">
          Enter the e-mail of your account and we will send you a link that signs you in.
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
          {request.isPending ? "Please wait…" : "E-mail me a link"}
        </Button>
        <p className="text-muted">{backToSignIn}</p>
      </form>
    </AuthCard>
  );
}
