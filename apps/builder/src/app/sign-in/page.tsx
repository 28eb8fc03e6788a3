import { getPlatformAccount } from "@parley/integrations/email/createEmailSender";
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/AuthForm";
import { getSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ deleted?: string }> }) {
  if (await getSignedInUser()) redirect("/dashboard");
  const { deleted } = await searchParams;
  return (
    <AuthForm
      mode="sign-in"
      notice={deleted ? "Your account was deleted." : undefined}
      canEmailLink={getPlatformAccount() !== null}
    />
  );
}
