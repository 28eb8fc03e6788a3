import type { Metadata } from "next";
import { InviteLinkView } from "@/features/invitations/InviteLinkView";
import { getSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";
// The link's secret is in the path: never send it on to another site as a Referer.
export const metadata: Metadata = { title: "Join a workspace · Parley", referrer: "no-referrer" };

export default async function JoinPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const user = await getSignedInUser();
  return <InviteLinkView token={token} signedInEmail={user?.email ?? null} />;
}
