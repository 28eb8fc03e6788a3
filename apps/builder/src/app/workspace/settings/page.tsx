import { isInstanceOperator } from "@parley/platform/admin/instanceSettings";
import type { Metadata } from "next";
import { WorkspaceShell } from "@/features/workspace/WorkspaceShell";
import { WorkspaceSettingsView } from "@/features/workspace-settings/WorkspaceSettingsView";
import { getInterfaceTranslator } from "@/i18n/interfaceLanguage";
import { requireSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getInterfaceTranslator("PageTitle");
  return { title: t("workspaceSettings") };
}

export default async function WorkspaceSettingsPage() {
  const user = await requireSignedInUser();
  return (
    <WorkspaceShell>
      <WorkspaceSettingsView currentUserId={user.id} isOperator={isInstanceOperator(user)} />
    </WorkspaceShell>
  );
}
