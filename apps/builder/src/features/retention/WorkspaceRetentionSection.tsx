"use client";

import { useTranslations } from "use-intl";
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
  const t = useTranslations("Retention");
  const trpc = useTRPC();
  const update = useUpdateWorkspace("retention", [trpc.bots.getBotRetention.pathKey()]);
  return (
    <Section id="workspace-retention" title={t("title")} description={t("workspaceDescription")}>
      <RetentionDaysForm
        value={workspace.settings.retentionDays}
        emptyMeaning={t("keepForever")}
        hint={t("workspaceHint")}
        canChange={isAdmin}
        isSaving={update.isPending}
        onSave={(days) => update.mutate({ workspaceId: workspace.id, settings: { retentionDays: days } })}
      />
    </Section>
  );
}
