import { getPlatformAccount } from "@parley/integrations/email/createEmailSender";
import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/features/password-reset/ForgotPasswordForm";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Forgot password · Parley" };

export default function ForgotPasswordPage() {
  return <ForgotPasswordForm canSendEmail={getPlatformAccount() !== null} />;
}
