import { getPlatformAccount } from "@parley/integrations/email/createEmailSender";
import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { MagicLinkRequestForm } from "@/features/magic-link/MagicLinkRequestForm";
import { getSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in with an e-mailed link · Parley" };

/** Sign-in links need the install's SMTP account: without one the sign-in page does not offer them. */
export default async function MagicLinkRequestPage() {
  if (getPlatformAccount() === null) notFound();
  if (await getSignedInUser()) redirect("/dashboard");
  return <MagicLinkRequestForm />;
}
