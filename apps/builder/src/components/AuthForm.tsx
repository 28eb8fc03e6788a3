"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";

export function AuthForm({ mode }: { mode: "sign-in" | "sign-up" }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const onSuccess = () => {
    router.push("/dashboard");
    router.refresh();
  };
  const signIn = useMutation(
    trpc.auth.signIn.mutationOptions({ onSuccess, onError: (e) => setError(getErrorMessage(e)) }),
  );
  const signUp = useMutation(
    trpc.auth.signUp.mutationOptions({ onSuccess, onError: (e) => setError(getErrorMessage(e)) }),
  );
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
    <main className="auth-page">
      <form className="auth-card" onSubmit={submit} aria-labelledby="auth-title">
        <div className="brand">Parley</div>
        <h1 id="auth-title">{isSignUp ? "Create your account" : "Sign in"}</h1>
        {isSignUp && (
          <label className="field">
            <span>Name</span>
            <input name="name" autoComplete="name" maxLength={100} />
          </label>
        )}
        <label className="field">
          <span>Email</span>
          <input name="email" type="email" autoComplete="email" required />
        </label>
        <label className="field">
          <span>Password</span>
          <input
            name="password"
            type="password"
            autoComplete={isSignUp ? "new-password" : "current-password"}
            minLength={isSignUp ? 8 : undefined}
            required
          />
        </label>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button className="button primary" type="submit" disabled={isPending}>
          {isPending ? "Please wait…" : isSignUp ? "Create account" : "Sign in"}
        </button>
        <p className="muted">
          {isSignUp ? "Already have an account? " : "New here? "}
          <Link href={isSignUp ? "/sign-in" : "/sign-up"}>{isSignUp ? "Sign in" : "Create an account"}</Link>
        </p>
      </form>
    </main>
  );
}
