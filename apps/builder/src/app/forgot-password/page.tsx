import { getPlatformAccount } from "@parley/integrations/email/createEmailSender";
import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/features/password-reset/ForgotPasswordForm";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: t("forgotPassword") };
}

export default function ForgotPasswordPage() {
  return <ForgotPasswordForm canSendEmail={getPlatformAccount() !== null} />;
}
