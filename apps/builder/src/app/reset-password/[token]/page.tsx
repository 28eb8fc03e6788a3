import type { Metadata } from "next";
import { ResetPasswordForm } from "@/features/password-reset/ResetPasswordForm";

export const dynamic = "force-dynamic";
// The link's secret is in the path: never send it on to another site as a Referer.
export const metadata: Metadata = { title: "Choose a new password · Parley", referrer: "no-referrer" };

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <ResetPasswordForm token={token} />;
}
