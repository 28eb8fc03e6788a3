import type { Metadata } from "next";
import { InvitationLinkView } from "@/features/invitations/InvitationLinkView";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";
import { getSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";
// The link's secret is in the path: never send it on to another site as a Referer.
export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: t("joinWorkspace"), referrer: "no-referrer" };
}

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const user = await getSignedInUser();
  return <InvitationLinkView token={token} signedInEmail={user?.email ?? null} />;
}
