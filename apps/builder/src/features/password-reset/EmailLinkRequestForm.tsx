"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "@/components/ui/Button";
import { Field, Input } from "@/components/ui/Field";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { RetryCountdown, useRetryCountdown } from "@/lib/useCountdown";
import { AuthCard } from "./AuthCard";

/** What one kind of e-mailed link (a password reset, a sign-in link) says around the shared form. */
export interface EmailLinkTexts {
  title: string;
  /** Above the e-mail field. */
  intro: string;
  submitLabel: string;
  /** After the request, following "If an account exists for <e-mail>, we sent it". */
  sent: string;
  /** The way back, under the form and the confirmation. */
  backLabel: string;
}

/**
 * Asks for an e-mail and requests the link by e-mail (`auth.<procedure>`); the confirmation never says whether an
 * account has the address. A refusal for too many requests counts down until the next try.
 */
export function EmailLinkRequestForm({
  procedure,
  texts,
}: {
  procedure: "requestPasswordReset" | "requestMagicLink";
  texts: EmailLinkTexts;
}) {
  const trpc = useTRPC();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { secondsLeft, refusedBy } = useRetryCountdown();
  const request = useMutation(
    trpc.auth[procedure].mutationOptions({
      onSuccess: (_data, input) => setSentTo(input.email),
      onError: refusedBy,
    }),
  );
  const back = <BackToSignIn label={texts.backLabel} />;

  if (sentTo) {
    return (
      <AuthCard title="Check your inbox">
        <p role="status">
          If an account exists for <strong className="break-all">{sentTo}</strong>, we sent it {texts.sent}
        </p>
        <p className="text-muted">{back}</p>
      </AuthCard>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    request.mutate({ email: String(new FormData(event.currentTarget).get("email") ?? "") });
  }

  return (
    <AuthCard title={texts.title}>
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <p className="text-muted">{texts.intro}</p>
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
          {request.isPending ? "Please wait…" : texts.submitLabel}
        </Button>
        <p className="text-muted">{back}</p>
      </form>
    </AuthCard>
  );
}

/** The link back to the sign-in page. */
export function BackToSignIn({ label }: { label: ReactNode }) {
  return (
    <Link className="font-medium text-brand-600 hover:underline" href="/sign-in">
      {label}
    </Link>
  );
}
