import { getPlatformAccount } from "@parley/integrations/email/createEmailSender";
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { MagicLinkRequestForm } from "@/features/magic-link/MagicLinkRequestForm";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";
import { getSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: t("signInWithLink") };
}

/** Sign-in links need the install's SMTP account: without one the sign-in page does not offer them. */
export default async function MagicLinkRequestPage() {
  if (getPlatformAccount() === null) notFound();
  if (await getSignedInUser()) redirect("/dashboard");
  return <MagicLinkRequestForm />;
}
