import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Button } from "@/components/ui/Button";
import { Field, Input } from "@/components/ui/Field";
import { AuthCard } from "@/features/password-reset/AuthCard";
import { describeSignInError } from "@/features/sso/describeSignInError";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";
import { getSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: t("signInWithSso") };
}

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
  const t = await getInterfaceTranslator("SsoSignIn");
  const errors = await getInterfaceTranslator("SignInError");
  return (
    <AuthCard title={t("title")}>
      <form className="flex flex-col gap-4" method="get" action="/api/auth/sso/start">
        <p className="text-muted">{t("intro")}</p>
        <Field label={t("workEmail")}>
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
            {describeSignInError(error, errors)}
          </p>
        ) : null}
        <Button variant="primary" type="submit">
          {t("continue")}
        </Button>
        <p className="text-muted">
          <Link className="font-medium text-brand-600 hover:underline" href="/sign-in">
            {t("otherWay")}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
