import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Button } from "@/components/ui/Button";
import { Field, Input } from "@/components/ui/Field";
import { AuthCard } from "@/features/password-reset/AuthCard";
import { describeSignInError } from "@/features/sso/describeSignInError";
import { getSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in with SSO · Parley" };

/**
 * "Sign in with SSO": the work address picks the identity provider of the workspace that verified its domain
 * (`/api/auth/sso/start?email=`, a plain form: the server redirects to the provider).
 */
export default async function SsoSignInPage({
  searchParams,
}: {
  searchParams: Promise<{ error?: string; email?: string }>;
}) {
  if (await getSignedInUser()) redirect("/dashboard");
  const { error, email } = await searchParams;
  return (
    <AuthCard title="Sign in with SSO">
      <form className="flex flex-col gap-4" method="get" action="/api/auth/sso/start">
        <p className="text-muted">
          Enter your work e-mail: you continue at your company&apos;s identity provider.
        </p>
        <Field label="Work email">
          {(id) => (
            <Input
              id={id}
              name="email"
              type="email"
              autoComplete="email"
              maxLength={254}
              defaultValue={typeof email === "string" ? email : undefined}
              required
            />
          )}
        </Field>
        {error ? (
          <p className="text-danger-600" role="alert">
            {describeSignInError(error)}
          </p>
        ) : null}
        <Button variant="primary" type="submit">
          Continue
        </Button>
        <p className="text-muted">
          <Link className="font-medium text-brand-600 hover:underline" href="/sign-in">
            Sign in another way
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
