import { getPrisma } from "@parley/db";
import { loadKnowledgeBaseAccess, orNullWhenRefused } from "@parley/platform/access/loadAccess";
import { canAccess } from "@parley/schemas/management/access";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AppShell } from "@/components/AppShell";
import { KnowledgeBaseView } from "@/features/knowledge/KnowledgeBaseView";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";
import { redirectUnlessSignedInFor, requireSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: t("knowledgeBase") };
}

/** One knowledge base of the workspace; 404 for anyone outside it, or under another workspace's path. */
export default async function KnowledgeBasePage({
  params,
}: {
  params: Promise<{ workspaceId: string; knowledgeBaseId: string }>;
}) {
  const { workspaceId, knowledgeBaseId } = await params;
  const user = await requireSignedInUser();
  const access = await orNullWhenRefused(
    loadKnowledgeBaseAccess(getPrisma(), user.id, knowledgeBaseId, "read"),
  );
  if (!access || access.workspaceId !== workspaceId) notFound();
  redirectUnlessSignedInFor(user, access);
  return (
    <AppShell userEmail={user.email} userName={user.name}>
      <main className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
        <KnowledgeBaseView
          workspaceId={workspaceId}
          knowledgeBaseId={knowledgeBaseId}
          canEdit={canAccess(access.role, "write")}
        />
      </main>
    </AppShell>
  );
}
