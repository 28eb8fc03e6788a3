import { getPrisma } from "@parley/db";
import { loadWorkspaceAccess, orNullWhenRefused } from "@parley/platform/access/loadAccess";
import { canAccess } from "@parley/schemas/management/access";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AppShell } from "@/components/AppShell";
import { PageHeader } from "@/components/ui/PageHeader";
import { CredentialsSection } from "@/features/credentials/CredentialsSection";
import { redirectUnlessSignedInFor, requireSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Credentials · Parley" };

/** The workspace's credentials (AI keys, SMTP accounts, Stripe keys), for its members. */
export default async function WorkspaceCredentialsPage({
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
      <main className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
        <PageHeader title="Credentials" description={workspace.name} />
        <CredentialsSection workspaceId={workspaceId} canEdit={canAccess(access.role, "write")} />
      </main>
    </AppShell>
  );
}
