import type { Metadata } from "next";
import { MagicLinkSignIn } from "@/features/magic-link/MagicLinkSignIn";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";

export const dynamic = "force-dynamic";
// The link's secret is in the path: never send it on to another site as a Referer.
export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: t("signIn"), referrer: "no-referrer" };
}

export default async function MagicLinkPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <MagicLinkSignIn token={token} />;
}
