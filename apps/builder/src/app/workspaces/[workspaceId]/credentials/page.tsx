import { getPrisma } from "@parley/db";
import { loadWorkspaceAccess, orNullWhenRefused } from "@parley/platform/access/loadAccess";
import { canAccess } from "@parley/schemas/management/access";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AppShell } from "@/components/AppShell";
import { PageHeader } from "@/components/ui/PageHeader";
import { CredentialsSection } from "@/features/credentials/CredentialsSection";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";
import { redirectUnlessSignedInFor, requireSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: t("credentials") };
}

/** The workspace's credentials (AI keys, SMTP accounts, Stripe keys), for its members. */
export default async function WorkspaceCredentialsPage({
  params,
}: {
  params: Promise<{ workspaceId: string }>;
}) {
  const { workspaceId } = await params;
  const t = await getInterfaceTranslator("Credentials");
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
      <main className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
        <PageHeader title={t("title")} description={workspace.name} />
        <CredentialsSection workspaceId={workspaceId} canEdit={canAccess(access.role, "write")} />
      </main>
    </AppShell>
  );
}
