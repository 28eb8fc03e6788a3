"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Building2 } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/Button";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { rememberWorkspace } from "../workspace/WorkspaceProvider";

/**
 * Workspaces the signed-in user may join because they verified an address of a domain the workspace verified and
 * opened to joining ("Join your team"); nothing when there are none.
 */
export function JoinableWorkspaces() {
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
        toast.success("You joined the workspace");
      },
      onError: (error) => toast.error(`Could not join the workspace: ${getErrorMessage(error)}`),
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
        Join your team
      </h2>
      <ul className="flex flex-col gap-2">
        {list.map((workspace) => (
          <li
            key={workspace.id}
            className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between"
          >
            <p className="min-w-0">
              <strong>{workspace.name}</strong>
              <span className="text-muted">
                {" "}
                lets people with an @{workspace.domain} address join as members
              </span>
            </p>
            <Button
              size="sm"
              variant="primary"
              aria-label={`Join ${workspace.name}`}
              disabled={join.isPending}
              onClick={() => join.mutate({ workspaceId: workspace.id })}
            >
              Join
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
