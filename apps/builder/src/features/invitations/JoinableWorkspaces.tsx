"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Building2 } from "lucide-react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { rememberWorkspace } from "../workspace/WorkspaceProvider";

/**
 * Workspaces the signed-in user may join because they verified an address of a domain the workspace verified and
 * opened to joining ("Join your team"); nothing when there are none.
 */
export function JoinableWorkspaces() {
  const t = useTranslations("JoinableWorkspaces");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const joinable = useQuery(trpc.domains.listJoinableWorkspaces.queryOptions());
  const join = useMutation(
    trpc.domains.joinWorkspace.mutationOptions({
      onSuccess: async ({ workspaceId }) => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.domains.listJoinableWorkspaces.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.workspaces.listWorkspaces.queryKey() }),
        ]);
        rememberWorkspace(workspaceId);
        toast.success(t("joined"));
      },
      onError: (error) => toast.error(t("failed", { reason: getErrorMessage(error) })),
    }),
  );
  const list = joinable.data?.workspaces ?? [];
  if (list.length === 0) return null;
  return (
    <section
      aria-labelledby="joinable-workspaces-title"
      className="flex flex-col gap-3 rounded-card border border-line bg-surface p-4 shadow-card"
    >
      <h2 id="joinable-workspaces-title" className="flex items-center gap-2 text-base font-semibold">
        <Building2 size={16} aria-hidden />
        {t("title")}
      </h2>
      <ul className="flex flex-col gap-2">
        {list.map((workspace) => (
          <li
            key={workspace.id}
            className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between"
          >
            <p className="min-w-0">
              {t.rich("offer", {
                workspace: workspace.name,
                domain: workspace.domain,
                strong: (chunks) => <strong>{chunks}</strong>,
                muted: (chunks) => <span className="text-muted">{chunks}</span>,
              })}
            </p>
            <Button
              size="sm"
              variant="primary"
              aria-label={t("joinLabel", { workspace: workspace.name })}
              disabled={join.isPending}
              onClick={() => join.mutate({ workspaceId: workspace.id })}
            >
              {t("join")}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
