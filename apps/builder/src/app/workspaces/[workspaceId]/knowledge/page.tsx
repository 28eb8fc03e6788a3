import { getPrisma } from "@parley/db";
import { loadWorkspaceAccess, orNullWhenRefused } from "@parley/platform/access/loadAccess";
import { canAccess } from "@parley/schemas/management/access";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AppShell } from "@/components/AppShell";
import { KnowledgeBasesView } from "@/features/knowledge/KnowledgeBasesView";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";
import { redirectUnlessSignedInFor, requireSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: t("knowledge") };
}

/** The workspace's knowledge bases, for its members (guests read them). */
export default async function WorkspaceKnowledgePage({
  params,
}: {
  params: Promise<{ workspaceId: string }>;
}) {
  const { workspaceId } = await params;
  const user = await requireSignedInUser();
  const prisma = getPrisma();
  const access = await orNullWhenRefused(loadWorkspaceAccess(prisma, user.id, workspaceId, "read"));
  if (!access) notFound();
  redirectUnlessSignedInFor(user, access);
  const workspace = await prisma.workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: { name: true },
  });
  return (
    <AppShell userEmail={user.email} userName={user.name}>
      <main className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
        <KnowledgeBasesView
          workspaceId={workspaceId}
          workspaceName={workspace.name}
          canEdit={canAccess(access.role, "write")}
        />
      </main>
    </AppShell>
  );
}
