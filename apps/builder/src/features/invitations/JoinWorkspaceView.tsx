"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { Field, Input } from "@/components/ui/Field";
import { Spinner } from "@/components/ui/Spinner";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { RetryCountdown, useRetryCountdown } from "@/lib/useCountdown";
import { NewPasswordFields, readNewPassword } from "../account/NewPasswordFields";
import { AuthCard } from "../password-reset/AuthCard";
import { rememberWorkspace } from "../workspace/WorkspaceProvider";

/** What a link offers: a workspace to join with a role; `email`: the one address invited (else anyone's). */
export interface JoinOffer {
  workspaceName: string;
  role: "ADMIN" | "MEMBER" | "GUEST";
  email?: string;
  /** An invitation to one bot: its name and the role it is shared with. */
  bot?: { name: string; role: "VIEWER" | "EDITOR" } | null;
}

interface Joined {
  workspaceId: string;
  /** Set when the link shared one bot: its pages open, the workspace is not theirs. */
  botId?: string | null;
}

/** The words that differ between an invitation and an invite link. */
export interface JoinTexts {
  /** The spinner's label while the link is checked. */
  checking: string;
  /** Title and text of the page of a link that no longer works. */
  goneTitle: string;
  gone: string;
  intro: (offer: JoinOffer) => ReactNode;
  joinLabel: string;
  /** Before "Sign in", under the sign-up form. */
  alreadyHaveAccount: string;
}

/**
 * The page a link to join a workspace opens (an invitation, an invite link): someone signed in joins with one
 * click, else creates an account or signs in, and joins. An invitation names its address: only that account
 * joins (someone signed in with another is asked to sign out), and the sign-up's address is that one.
 */
export function JoinWorkspaceView({
  signedInEmail,
  check,
  join,
  signUp,
  texts,
}: {
  signedInEmail: string | null;
  /** The link's check: pending, then the offer (null: the link no longer works). */
  check: { isPending: boolean; offer: JoinOffer | null | undefined };
  /** Joins as the signed-in user. */
  join: () => Promise<Joined>;
  /** Creates the account (signed in) and joins. */
  signUp: (account: { email: string; password: string; name?: string }) => Promise<Joined>;
  texts: JoinTexts;
}) {
  const t = useTranslations("JoinWorkspace");
  const newPassword = useTranslations("NewPassword");
  const trpc = useTRPC();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [hasAccount, setHasAccount] = useState(false);
  const { secondsLeft, refusedBy } = useRetryCountdown();
  const onJoined = ({ workspaceId, botId }: Joined) => {
    if (botId) {
      router.push(`/bots/${botId}/edit`);
      router.refresh();
      return;
    }
    rememberWorkspace(workspaceId);
    router.push("/dashboard");
    router.refresh();
  };
  const onError = (cause: unknown) => {
    setError(getErrorMessage(cause));
    refusedBy(cause);
  };
  const joining = useMutation({ mutationFn: join, onSuccess: onJoined, onError });
  const signingUp = useMutation({ mutationFn: signUp, onSuccess: onJoined, onError });
  const signIn = useMutation(
    trpc.auth.signIn.mutationOptions({ onSuccess: () => joining.mutate(), onError }),
  );
  const signOut = useMutation(trpc.auth.signOut.mutationOptions({ onSuccess: () => router.refresh() }));
  const isPending = joining.isPending || signingUp.isPending || signIn.isPending;

  if (check.isPending) {
    return (
      <AuthCard title={t("titleGeneric")}>
        <Spinner label={texts.checking} />
      </AuthCard>
    );
  }
  const offer = check.offer;
  if (!offer) {
    return (
      <AuthCard title={texts.goneTitle}>
        <p role="alert">{texts.gone}</p>
        <p>
          <Link className="font-medium text-brand-600 hover:underline" href="/dashboard">
            {t("goToParley")}
          </Link>
        </p>
      </AuthCard>
    );
  }
  const title = t("title", { workspace: offer.workspaceName });
  const intro = texts.intro(offer);
  const errorLine = error ? (
    <p className="text-danger-600" role="alert">
      {error}
      <RetryCountdown secondsLeft={secondsLeft} />
    </p>
  ) : null;

  if (signedInEmail && (offer.email === undefined || signedInEmail === offer.email)) {
    return (
      <AuthCard title={title}>
        {intro}
        {offer.email === undefined ? (
          <p>
            {t.rich("signedInAs", { email: signedInEmail, strong: (chunks) => <strong>{chunks}</strong> })}
          </p>
        ) : null}
        {errorLine}
        <Button variant="primary" disabled={isPending} onClick={() => joining.mutate()}>
          {joining.isPending ? t("joining") : texts.joinLabel}
        </Button>
      </AuthCard>
    );
  }
  if (signedInEmail) {
    return (
      <AuthCard title={title}>
        {intro}
        <p role="alert">
          {t.rich("otherAccount", { email: signedInEmail, strong: (chunks) => <strong>{chunks}</strong> })}
        </p>
        <Button variant="primary" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
          {t("signOut")}
        </Button>
      </AuthCard>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const data = new FormData(event.currentTarget);
    const email = offer?.email ?? String(data.get("email") ?? "");
    if (hasAccount) {
      signIn.mutate({ email, password: String(data.get("password") ?? "") });
      return;
    }
    const typed = readNewPassword(data, "password", newPassword);
    if ("error" in typed) {
      setError(typed.error);
      return;
    }
    signingUp.mutate({ email, password: typed.password, name: String(data.get("name") ?? "") || undefined });
  }

  return (
    <AuthCard title={title}>
      {intro}
      <form
        className="flex flex-col gap-4"
        onSubmit={submit}
        aria-label={hasAccount ? t("signIn") : t("createAccount")}
      >
        {hasAccount ? null : (
          <Field label={t("name")}>
            {(id) => <Input id={id} name="name" autoComplete="name" maxLength={100} />}
          </Field>
        )}
        <Field label={t("email")}>
          {(id) =>
            offer.email === undefined ? (
              <Input id={id} name="email" type="email" autoComplete="email" required />
            ) : (
              <Input id={id} value={offer.email} readOnly autoComplete="email" />
            )
          }
        </Field>
        {hasAccount ? (
          <Field label={t("password")}>
            {(id) => (
              <Input id={id} name="password" type="password" autoComplete="current-password" required />
            )}
          </Field>
        ) : (
          <NewPasswordFields name="password" />
        )}
        {errorLine}
        <Button variant="primary" type="submit" disabled={isPending || secondsLeft > 0}>
          {isPending ? t("pleaseWait") : hasAccount ? t("signInAndJoin") : t("signUpAndJoin")}
        </Button>
      </form>
      <p className="text-muted">
        {hasAccount ? t("newToParley") : texts.alreadyHaveAccount}{" "}
        <button
          type="button"
          className="font-medium text-brand-600 hover:underline"
          onClick={() => {
            setError(null);
            setHasAccount(!hasAccount);
          }}
        >
          {hasAccount ? t("createAccount") : t("signIn")}
        </button>
      </p>
    </AuthCard>
  );
}
