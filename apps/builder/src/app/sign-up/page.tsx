import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthForm } from "@/components/AuthForm";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";
import { getSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: t("signUp") };
}

export default async function SignUpPage() {
  if (await getSignedInUser()) redirect("/dashboard");
  return <AuthForm mode="sign-up" />;
}
