import type { Metadata } from "next";
import { WorkspaceShell } from "@/features/workspace/WorkspaceShell";
import { AuditLogView } from "@/features/workspace-settings/AuditLogView";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";
import { requireSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: t("auditLog") };
}

export default async function AuditLogPage() {
  await requireSignedInUser();
  return (
    <WorkspaceShell>
      <AuditLogView />
    </WorkspaceShell>
  );
}
