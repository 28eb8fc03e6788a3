"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Switch } from "@/components/ui/Switch";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";

/**
 * The member's own presence in this workspace's inbox: available or away. Handoff blocks that ask for
 * someone take their fallback path while nobody is available (docs/inbox.md). No row yet reads as away.
 */
export function PresenceSwitch({
  workspaceId,
  currentUserId,
}: {
  workspaceId: string;
  currentUserId: string;
}) {
  const t = useTranslations("Inbox");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const presence = useQuery(trpc.inbox.listAgentPresence.queryOptions({ workspaceId }));
  const isAvailable =
    presence.data?.presence.find((row) => row.userId === currentUserId)?.status === "available";
  const change = useMutation(
    trpc.inbox.setAgentPresence.mutationOptions({
      onSuccess: async ({ presence: row }) => {
        await queryClient.invalidateQueries({
          queryKey: trpc.inbox.listAgentPresence.queryKey({ workspaceId }),
        });
        toast.success(row.status === "available" ? t("youAreAvailable") : t("youAreAway"));
      },
      onError: (error) => toast.error(t("presenceFailed", { reason: getErrorMessage(error) })),
    }),
  );
  return (
    <div className="min-w-56 rounded-lg border border-line bg-surface px-3 py-2">
      <Switch
        label={t("available")}
        hint={isAvailable ? t("availableHint") : t("youAreAway")}
        checked={isAvailable}
        disabled={!presence.data || change.isPending}
        onCheckedChange={(checked) => change.mutate({ workspaceId, status: checked ? "available" : "away" })}
      />
    </div>
  );
}
