"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
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
        toast.success(row.status === "available" ? "You are available" : "You are away");
      },
      onError: (error) => toast.error(`Could not change your presence: ${getErrorMessage(error)}`),
    }),
  );
  return (
    <div className="min-w-56 rounded-lg border border-line bg-surface px-3 py-2">
      <Switch
        label="Available"
        hint={isAvailable ? "New conversations can reach you" : "You are away"}
        checked={isAvailable}
        disabled={!presence.data || change.isPending}
        onCheckedChange={(checked) => change.mutate({ workspaceId, status: checked ? "available" : "away" })}
      />
    </div>
  );
}
