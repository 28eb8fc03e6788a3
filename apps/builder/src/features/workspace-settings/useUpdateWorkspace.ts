"use client";

import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";

/**
 * The workspace update (PATCH /workspaces/{workspaceId}) as a settings section saves it: the workspace queries
 * (and `alsoRefresh`) refreshed after it, "<Part> updated" or "Could not update <the part>: <reason>" shown.
 */
export function useUpdateWorkspace(
  part: "workspace" | "retention" | "typebotCompatibility",
  alsoRefresh: QueryKey[] = [],
) {
  const t = useTranslations("UpdateWorkspace");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.workspaces.updateWorkspace.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.workspaces.pathKey() });
        for (const queryKey of alsoRefresh) await queryClient.invalidateQueries({ queryKey });
        toast.success(t("updated", { part }));
      },
      onError: (error) => toast.error(t("failed", { part, reason: getErrorMessage(error) })),
    }),
  );
}
