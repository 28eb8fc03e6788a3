"use client";

import { canAccess } from "@parley/schemas/management/access";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Section } from "@/components/ui/Section";
import { Spinner } from "@/components/ui/Spinner";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useBotHeader } from "../bot-layout/BotContext";
import { RetentionDaysForm } from "./RetentionDaysForm";

/**
 * The bot's own data retention, shorter or longer than the workspace's (admins change it). Saved on its
 * own: it is not part of the bot document, so it neither autosaves with the settings nor moves the draft.
 */
export function BotRetentionSection({ botId, workspaceId }: { botId: string; workspaceId: string }) {
  const t = useTranslations("Retention");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const retention = useQuery(trpc.bots.getBotRetention.queryOptions({ botId }));
  const { isWorkspaceMember } = useBotHeader();
  // Someone the bot is shared with reads the retention; only the workspace's ADMIN changes it.
  const workspace = useQuery(
    trpc.workspaces.getWorkspace.queryOptions({ workspaceId }, { enabled: isWorkspaceMember }),
  );
  const update = useMutation(
    trpc.bots.updateBot.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.bots.getBotRetention.queryKey({ botId }) });
        toast.success(t("updated"));
      },
      onError: (error) => toast.error(t("updateFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const workspaceDays = retention.data?.workspaceRetentionDays ?? null;
  return (
    <Section id="retention" title={t("title")} description={t("botDescription")}>
      {retention.data && (workspace.data || !isWorkspaceMember) ? (
        <RetentionDaysForm
          value={retention.data.retentionDays}
          emptyMeaning={
            workspaceDays === null ? t("workspaceForever") : t("workspaceDays", { days: workspaceDays })
          }
          hint={workspaceDays === null ? t("botHintForever") : t("botHintDays", { days: workspaceDays })}
          canChange={canAccess(workspace.data?.currentUserRole, "admin")}
          isSaving={update.isPending}
          onSave={(days) => update.mutate({ botId, bot: {}, retentionDays: days })}
        />
      ) : retention.error || workspace.error ? (
        <p className="text-[13px] text-danger-600">
          {t("loadFailed", { reason: getErrorMessage(retention.error ?? workspace.error) })}
        </p>
      ) : (
        <Spinner label={t("loading")} />
      )}
    </Section>
  );
}
