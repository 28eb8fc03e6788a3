"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Section } from "@/components/ui/Section";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
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
  const queryClient = useQueryClient();
  const update = useMutation(
    trpc.workspaces.updateWorkspace.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.workspaces.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.bots.getBotRetention.pathKey() });
        toast.success("Data retention updated");
      },
      onError: (error) => toast.error(`Could not update data retention: ${getErrorMessage(error)}`),
    }),
  );
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
