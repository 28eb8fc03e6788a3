import { getPlatformAccount } from "@parley/integrations/email/createEmailSender";
import { listInstanceSsoProviders } from "@parley/integrations/sso/ssoProviders";
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/AuthForm";
import { describeSignInError } from "@/features/sso/describeSignInError";
import { getSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ deleted?: string; error?: string }>;
}) {
  if (await getSignedInUser()) redirect("/dashboard");
  const { deleted, error } = await searchParams;
  return (
    <AuthForm
      mode="sign-in"
      notice={deleted ? "Your account was deleted." : undefined}
      canEmailLink={getPlatformAccount() !== null}
      providers={listInstanceSsoProviders().map(({ id, name }) => ({ id, name }))}
      initialError={error ? describeSignInError(error) : undefined}
    />
  );
}
