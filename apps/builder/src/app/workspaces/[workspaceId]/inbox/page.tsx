import { getPrisma } from "@parley/db";
import { loadWorkspaceAccess, orNullWhenRefused } from "@parley/platform/access/loadAccess";
import { canAccess } from "@parley/schemas/management/access";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { InboxView } from "@/features/inbox/InboxView";
import { isInboxView } from "@/features/inbox/inboxViews";
import { WorkspaceShell } from "@/features/workspace/WorkspaceShell";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";
import { redirectUnlessSignedInFor, requireSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: t("inbox") };
}

/** The workspace's inbox: chats a Human handoff block handed to people (guests read them). */
export default async function WorkspaceInboxPage({
  params,
  searchParams,
}: {
  params: Promise<{ workspaceId: string }>;
  searchParams: Promise<{ view?: string; conversation?: string }>;
}) {
  const { workspaceId } = await params;
  const { view, conversation } = await searchParams;
  const requestedView = view ?? null;
  const user = await requireSignedInUser();
  const access = await orNullWhenRefused(loadWorkspaceAccess(getPrisma(), user.id, workspaceId, "read"));
  if (!access) notFound();
  redirectUnlessSignedInFor(user, access);
  return (
    <WorkspaceShell isWide>
      <InboxView
        workspaceId={workspaceId}
        currentUserId={user.id}
        canReply={canAccess(access.role, "write")}
        isAdmin={canAccess(access.role, "admin")}
        initialView={isInboxView(requestedView) ? requestedView : "waiting"}
        initialConversationId={typeof conversation === "string" ? conversation : null}
      />
    </WorkspaceShell>
  );
}
