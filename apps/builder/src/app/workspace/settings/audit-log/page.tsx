import type { Metadata } from "next";
import { WorkspaceShell } from "@/features/workspace/WorkspaceShell";
import { AuditLogView } from "@/features/workspace-settings/AuditLogView";
import { requireSignedInUser } from "@/lib/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Audit log · Parley" };

export default async function AuditLogPage() {
  await requireSignedInUser();
  return (
    <WorkspaceShell>
      <AuditLogView />
    </WorkspaceShell>
  );
}
