"use client";

import { Section } from "@/components/ui/Section";
import { useTRPC } from "@/lib/trpc";
import { useUpdateWorkspace } from "../workspace-settings/useUpdateWorkspace";
import { RetentionDaysForm } from "./RetentionDaysForm";

/** The workspace's data retention: how long results, answers, logs and files are kept (admins change it). */
export function WorkspaceRetentionSection({
  workspace,
  isAdmin,
}: {
  workspace: { id: string; settings: { retentionDays: number | null } };
  isAdmin: boolean;
}) {
  const trpc = useTRPC();
  const update = useUpdateWorkspace({ updated: "Data retention", couldNotUpdate: "data retention" }, [
    trpc.bots.getBotRetention.pathKey(),
  ]);
  return (
    <Section
      id="workspace-retention"
      title="Data retention"
      description="Results older than this (with their answers, logs, uploaded files and conversations) are deleted for good, every hour. A bot may set its own in its settings."
    >
      <RetentionDaysForm
        value={workspace.settings.retentionDays}
        emptyMeaning="Keep forever"
        hint="Empty: results are kept forever."
        canChange={isAdmin}
        isSaving={update.isPending}
        onSave={(days) => update.mutate({ workspaceId: workspace.id, settings: { retentionDays: days } })}
      />
    </Section>
  );
}
