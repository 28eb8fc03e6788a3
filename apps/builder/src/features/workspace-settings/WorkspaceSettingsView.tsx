"use client";

import { canAccess } from "@parley/schemas/management/access";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { ErrorState } from "@/components/ui/ErrorState";
import { PageHeader } from "@/components/ui/PageHeader";
import { Section } from "@/components/ui/Section";
import { Spinner } from "@/components/ui/Spinner";
import { useTRPC } from "@/lib/trpc";
import { NoWorkspace } from "../dashboard/NoWorkspace";
import { WorkspaceRetentionSection } from "../retention/WorkspaceRetentionSection";
import { useWorkspaces } from "../workspace/WorkspaceProvider";
import { DeleteWorkspaceSection } from "./DeleteWorkspaceSection";
import { InvoicesSection } from "./InvoicesSection";
import { MembersSection } from "./MembersSection";
import { PlanSection } from "./PlanSection";
import { TypebotCompatibilitySection } from "./TypebotCompatibilitySection";
import { WorkspaceGeneralSection } from "./WorkspaceGeneralSection";

/** Settings of the current workspace: general, members, data retention, Typebot embeds, plan and usage, invoices (admins). */
export function WorkspaceSettingsView({
  currentUserId,
  isOperator,
}: {
  currentUserId: string;
  /** An instance operator (`ADMIN_EMAILS`): the one who changes plans. */
  isOperator: boolean;
}) {
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
        <Spinner label="Loading the workspace" />
      </div>
    );
  const { workspace, currentUserRole } = details.data;
  const isAdmin = canAccess(currentUserRole, "admin");
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader title="Workspace settings" description={workspace.name} />
      <WorkspaceGeneralSection workspace={workspace} isAdmin={isAdmin} />
      <MembersSection workspaceId={workspace.id} isAdmin={isAdmin} currentUserId={currentUserId} />
      <WorkspaceRetentionSection workspace={workspace} isAdmin={isAdmin} />
      <TypebotCompatibilitySection workspace={workspace} isAdmin={isAdmin} />
      {isAdmin ? (
        <>
          <Section
            id="audit-log"
            title="Audit log"
            description="Who changed what in this workspace, when and from where, and the members' sign-ins."
          >
            <Link href="/workspace/settings/audit-log" className="w-fit font-medium text-brand-700 underline">
              Open the audit log
            </Link>
          </Section>
          <PlanSection workspaceId={workspace.id} canChangePlan={isOperator} />
          <InvoicesSection workspaceId={workspace.id} />
          <DeleteWorkspaceSection workspace={workspace} />
        </>
      ) : (
        <p className="text-muted">Plan, usage and invoices are visible to the workspace's admins.</p>
      )}
    </div>
  );
}
