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

/** The page a workspace's invite link opens: join when signed in, else create an account or sign in, and join. */
export function InviteLinkView({ token, signedInEmail }: { token: string; signedInEmail: string | null }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [hasAccount, setHasAccount] = useState(false);
  const { secondsLeft, refusedBy } = useRetryCountdown();
  const link = useQuery(trpc.inviteLinks.checkInviteLink.queryOptions({ token }, { retry: false }));
  const onJoined = ({ workspaceId }: { workspaceId: string }) => {
    rememberWorkspace(workspaceId);
    router.push("/dashboard");
    router.refresh();
  };
  const onError = (cause: unknown) => {
    setError(getErrorMessage(cause));
    refusedBy(cause);
  };
  const join = useMutation(
    trpc.inviteLinks.joinByInviteLink.mutationOptions({ onSuccess: onJoined, onError }),
  );
  const signUp = useMutation(
    trpc.inviteLinks.signUpWithInviteLink.mutationOptions({ onSuccess: onJoined, onError }),
  );
  const signIn = useMutation(
    trpc.auth.signIn.mutationOptions({ onSuccess: () => join.mutate({ token }), onError }),
  );
  const isPending = join.isPending || signUp.isPending || signIn.isPending;

  if (link.isPending) {
    return (
      <AuthCard title="Join a workspace">
        <Spinner label="Checking the link" />
      </AuthCard>
    );
  }
  const inviteLink = link.data?.inviteLink;
  if (!inviteLink) {
    return (
      <AuthCard title="This invite link no longer works">
        <p role="alert">
          This invite link is invalid, expired, used up or deleted. Ask the workspace's admin for a new one.
        </p>
        <p>
          <Link className="font-medium text-brand-600 hover:underline" href="/dashboard">
            Go to Parley
          </Link>
        </p>
      </AuthCard>
    );
  }
  const title = `Join ${inviteLink.workspaceName}`;
  const intro = (
    <p>
      This link lets you join <strong>{inviteLink.workspaceName}</strong> as {roleNames[inviteLink.role]}.
    </p>
  );
  const errorLine = error ? (
    <p className="text-danger-600" role="alert">
      {error}
      <RetryCountdown secondsLeft={secondsLeft} />
    </p>
  ) : null;

  if (signedInEmail) {
    return (
      <AuthCard title={title}>
        {intro}
        <p>
          You are signed in as <strong>{signedInEmail}</strong>.
        </p>
        {errorLine}
        <Button variant="primary" disabled={isPending} onClick={() => join.mutate({ token })}>
          {join.isPending ? "Joining…" : "Join the workspace"}
        </Button>
      </AuthCard>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const data = new FormData(event.currentTarget);
    const email = String(data.get("email") ?? "");
    if (hasAccount) {
      signIn.mutate({ email, password: String(data.get("password") ?? "") });
      return;
    }
    const typed = readNewPassword(data, "password");
    if ("error" in typed) {
      setError(typed.error);
      return;
    }
    signUp.mutate({
      token,
      email,
      password: typed.password,
      name: String(data.get("name") ?? "") || undefined,
    });
  }

  return (
    <AuthCard title={title}>
      {intro}
      <form
        className="flex flex-col gap-4"
        onSubmit={submit}
        aria-label={hasAccount ? "Sign in" : "Create your account"}
      >
        {hasAccount ? null : (
          <Field label="Name">
            {(id) => <Input id={id} name="name" autoComplete="name" maxLength={100} />}
          </Field>
        )}
        <Field label="Email">
          {(id) => <Input id={id} name="email" type="email" autoComplete="email" required />}
        </Field>
        {hasAccount ? (
          <Field label="Password">
            {(id) => (
              <Input id={id} name="password" type="password" autoComplete="current-password" required />
            )}
          </Field>
        ) : (
          <NewPasswordFields name="password" />
        )}
        {errorLine}
        <Button variant="primary" type="submit" disabled={isPending || secondsLeft > 0}>
          {isPending ? "Please wait…" : hasAccount ? "Sign in and join" : "Create account and join"}
        </Button>
      </form>
      <p className="text-muted">
        {hasAccount ? "New to Parley? " : "Already have an account? "}
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
