"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslations } from "use-intl";
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
  /** The confirmation after the request, which names the address (never saying whether an account has it). */
  sent: (email: string) => ReactNode;
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
  const t = useTranslations("EmailLink");
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
      <AuthCard title={t("checkInbox")}>
        <p role="status">{texts.sent(sentTo)}</p>
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
        <Field label={t("email")}>
          {(id) => <Input id={id} name="email" type="email" autoComplete="email" maxLength={254} required />}
        </Field>
        {request.error && (
          <p className="text-danger-600" role="alert">
            {getErrorMessage(request.error)}
            <RetryCountdown secondsLeft={secondsLeft} />
          </p>
        )}
        <Button variant="primary" type="submit" disabled={request.isPending || secondsLeft > 0}>
          {request.isPending ? t("pleaseWait") : texts.submitLabel}
        </Button>
        <p className="text-muted">{back}</p>
      </form>
    </AuthCard>
  );
}

/** An e-mail address inside a sentence (`t.rich(…, { strong: emphasizeAddress })`), broken anywhere when long. */
export const emphasizeAddress = (chunks: ReactNode) => <strong className="break-all">{chunks}</strong>;

/** The link back to the sign-in page. */
export function BackToSignIn({ label }: { label: ReactNode }) {
  return (
    <Link className="font-medium text-brand-600 hover:underline" href="/sign-in">
      {label}
    </Link>
  );
}
