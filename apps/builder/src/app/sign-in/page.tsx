import { getPlatformAccount } from "@parley/integrations/email/createEmailSender";
import { listInstanceSsoProviders } from "@parley/integrations/sso/ssoProviders";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/AuthForm";
import { describeSignInError } from "@/features/sso/describeSignInError";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";
import { getSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: t("signIn") };
}

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ deleted?: string; error?: string }>;
}) {
  if (await getSignedInUser()) redirect("/dashboard");
  const { deleted, error } = await searchParams;
  const t = await getInterfaceTranslator("Auth");
  const errors = await getInterfaceTranslator("SignInError");
  return (
    <AuthForm
      mode="sign-in"
      notice={deleted ? t("accountDeleted") : undefined}
      canEmailLink={getPlatformAccount() !== null}
      providers={listInstanceSsoProviders().map(({ id, name }) => ({ id, name }))}
      initialError={error ? describeSignInError(error, errors) : undefined}
    />
  );
}
