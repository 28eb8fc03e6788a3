import type { Metadata } from "next";
import { ResetPasswordForm } from "@/features/password-reset/ResetPasswordForm";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";

export const dynamic = "force-dynamic";
// The link's secret is in the path: never send it on to another site as a Referer.
export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: t("resetPassword"), referrer: "no-referrer" };
}

export default async function ResetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <ResetPasswordForm token={token} />;
}
