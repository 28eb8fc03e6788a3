"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/Button";
import { Field, Input } from "@/components/ui/Field";
import { Spinner } from "@/components/ui/Spinner";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { RetryCountdown, useRetryCountdown } from "@/lib/useCountdown";
import { NewPasswordFields, readNewPassword } from "../account/NewPasswordFields";
import { AuthCard } from "../password-reset/AuthCard";
import { rememberWorkspace } from "../workspace/WorkspaceProvider";

const roleNames = { ADMIN: "an admin", MEMBER: "a member", GUEST: "a guest" } as const;

/**
 * The page an invitation link opens: the invited person creates their account (with the invited address) or
 * signs in, and joins; someone already signed in with the invited address joins with one click.
 */
export function InvitationLinkView({
  token,
  signedInEmail,
}: {
  token: string;
  signedInEmail: string | null;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [hasAccount, setHasAccount] = useState(false);
  const { secondsLeft, refusedBy } = useRetryCountdown();
  const link = useQuery(trpc.invitations.checkInvitationLink.queryOptions({ token }, { retry: false }));
  const onJoined = ({ workspaceId }: { workspaceId: string }) => {
    rememberWorkspace(workspaceId);
    router.push("/dashboard");
    router.refresh();
  };
  const onError = (cause: unknown) => {
    setError(getErrorMessage(cause));
    refusedBy(cause);
  };
  const accept = useMutation(
    trpc.invitations.acceptInvitation.mutationOptions({ onSuccess: onJoined, onError }),
  );
  const signUp = useMutation(
    trpc.invitations.signUpWithInvitationLink.mutationOptions({ onSuccess: onJoined, onError }),
  );
  const signIn = useMutation(
    trpc.auth.signIn.mutationOptions({ onSuccess: () => accept.mutate({ token }), onError }),
  );
  const signOut = useMutation(trpc.auth.signOut.mutationOptions({ onSuccess: () => router.refresh() }));
  const isPending = accept.isPending || signUp.isPending || signIn.isPending;

  if (link.isPending) {
    return (
      <AuthCard title="Join a workspace">
        <Spinner label="Checking the invitation" />
      </AuthCard>
    );
  }
  const invitation = link.data?.invitation;
  if (!invitation) {
    return (
      <AuthCard title="This invitation no longer works">
        <p role="alert">
          This invitation link is invalid, expired, already used or revoked: a link works once, within 7 days.
          Ask the workspace's admin to send you a new one.
        </p>
        <p>
          <Link className="font-medium text-brand-600 hover:underline" href="/dashboard">
            Go to Parley
          </Link>
        </p>
      </AuthCard>
    );
  }
  const title = `Join ${invitation.workspaceName}`;
  const intro = (
    <p>
      You are invited to join <strong>{invitation.workspaceName}</strong> as {roleNames[invitation.role]},
      with the address <strong>{invitation.email}</strong>.
    </p>
  );
  const errorLine = error ? (
    <p className="text-danger-600" role="alert">
      {error}
      <RetryCountdown secondsLeft={secondsLeft} />
    </p>
  ) : null;

  if (signedInEmail && signedInEmail === invitation.email) {
    return (
      <AuthCard title={title}>
        {intro}
        {errorLine}
        <Button variant="primary" disabled={isPending} onClick={() => accept.mutate({ token })}>
          {accept.isPending ? "Joining…" : "Accept invitation"}
        </Button>
      </AuthCard>
    );
  }
  if (signedInEmail) {
    return (
      <AuthCard title={title}>
        {intro}
        <p role="alert">
          You are signed in as <strong>{signedInEmail}</strong>. Sign out, then open this link again to join
          with the invited address.
        </p>
        <Button variant="primary" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
          Sign out
        </Button>
      </AuthCard>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const data = new FormData(event.currentTarget);
    if (hasAccount) {
      signIn.mutate({ email: invitation?.email ?? "", password: String(data.get("password") ?? "") });
      return;
    }
    const typed = readNewPassword(data, "password");
    if ("error" in typed) {
      setError(typed.error);
      return;
    }
    signUp.mutate({ token, password: typed.password, name: String(data.get("name") ?? "") || undefined });
  }

  return (
    <AuthCard title={title}>
      {intro}
      <form
        className="flex flex-col gap-4"
        onSubmit={submit}
        aria-label={hasAccount ? "Sign in" : "Create your account"}
      >
        <Field label="Email">
          {(id) => <Input id={id} value={invitation.email} readOnly autoComplete="email" />}
        </Field>
        {hasAccount ? (
          <Field label="Password">
            {(id) => (
              <Input id={id} name="password" type="password" autoComplete="current-password" required />
            )}
          </Field>
        ) : (
          <>
            <Field label="Name">
              {(id) => <Input id={id} name="name" autoComplete="name" maxLength={100} />}
            </Field>
            <NewPasswordFields name="password" />
          </>
        )}
        {errorLine}
        <Button variant="primary" type="submit" disabled={isPending || secondsLeft > 0}>
          {isPending ? "Please wait…" : hasAccount ? "Sign in and join" : "Create account and join"}
        </Button>
      </form>
      <p className="text-muted">
        {hasAccount ? "New to Parley? " : "Already have an account with this address? "}
        <button
          type="button"
          className="font-medium text-brand-600 hover:underline"
          onClick={() => {
            setError(null);
            setHasAccount(!hasAccount);
          }}
        >
          {hasAccount ? "Create your account" : "Sign in"}
        </button>
      </p>
    </AuthCard>
  );
}
