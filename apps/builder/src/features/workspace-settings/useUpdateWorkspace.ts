"use client";

import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";

/**
 * The workspace update (PATCH /workspaces/{workspaceId}) as a settings section saves it: the workspace queries
 * (and `alsoRefresh`) refreshed after it, "<Subject> updated" or "Could not update <the subject>: <reason>" shown.
 */
export function useUpdateWorkspace(
  subject: { updated: string; couldNotUpdate: string },
  alsoRefresh: QueryKey[] = [],
) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.workspaces.updateWorkspace.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.workspaces.pathKey() });
        for (const queryKey of alsoRefresh) await queryClient.invalidateQueries({ queryKey });
        toast.success(`${subject.updated} updated`);
      },
      onError: (error) =>
        toast.error(`Could not update ${subject.couldNotUpdate}: ${getErrorMessage(error)}`),
    }),
  );
}
