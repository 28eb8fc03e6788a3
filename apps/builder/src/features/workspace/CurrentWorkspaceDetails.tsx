"use client";

import type { AppRouter } from "@parley/api/routers/appRouter";
import { useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { ErrorState } from "@/components/ui/ErrorState";
import { Spinner } from "@/components/ui/Spinner";
import { useTRPC } from "@/lib/trpc";
import { NoWorkspace } from "../dashboard/NoWorkspace";
import { useWorkspaces } from "./WorkspaceProvider";

type WorkspaceDetails = inferRouterOutputs<AppRouter>["workspaces"]["getWorkspace"];

/**
 * The current workspace's details (the workspace and the signed-in member's role) given to `children` once
 * loaded; meanwhile a spinner, the error with a retry, or the "no workspace yet" page.
 */
export function CurrentWorkspaceDetails({
  children,
}: {
  children: (details: WorkspaceDetails) => ReactNode;
}) {
  const t = useTranslations("WorkspaceSwitcher");
  const trpc = useTRPC();
  const { workspaces, workspace: current, error: listError } = useWorkspaces();
  const details = useQuery(
    trpc.workspaces.getWorkspace.queryOptions(
      { workspaceId: current?.id ?? "" },
      { enabled: current !== undefined },
    ),
  );
  const error = listError ?? details.error;
  if (error) return <ErrorState error={error} onRetry={() => details.refetch()} />;
  if (workspaces?.length === 0) return <NoWorkspace />;
  if (!current || !details.data)
    return (
      <div className="flex justify-center py-12">
        <Spinner label={t("loading")} />
      </div>
    );
  return children(details.data);
}
