"use client";

import { canAccess } from "@parley/schemas/management/access";
import Link from "next/link";
import { useTranslations } from "use-intl";
import { PageHeader } from "@/components/ui/PageHeader";
import { Section } from "@/components/ui/Section";
import { WorkspaceRetentionSection } from "../retention/WorkspaceRetentionSection";
import { CurrentWorkspaceDetails } from "../workspace/CurrentWorkspaceDetails";
import { DeleteWorkspaceSection } from "./DeleteWorkspaceSection";
import { InvoicesSection } from "./InvoicesSection";
import { MembersSection } from "./MembersSection";
import { PlanSection } from "./PlanSection";
import { SingleSignOnSection } from "./SingleSignOnSection";
import { TypebotCompatibilitySection } from "./TypebotCompatibilitySection";
import { WorkspaceGeneralSection } from "./WorkspaceGeneralSection";

/** Settings of the current workspace: general, members, data retention, Typebot embeds, single sign-on and domains, plan and usage, invoices (admins). */
export function WorkspaceSettingsView({
  currentUserId,
  isOperator,
}: {
  currentUserId: string;
  /** An instance operator (`ADMIN_EMAILS`): the one who changes plans. */
  isOperator: boolean;
}) {
  const t = useTranslations("WorkspaceSettings");
  return (
    <CurrentWorkspaceDetails>
      {({ workspace, currentUserRole }) => {
        const isAdmin = canAccess(currentUserRole, "admin");
        return (
          <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
            <PageHeader title={t("title")} description={workspace.name} />
            <WorkspaceGeneralSection workspace={workspace} isAdmin={isAdmin} />
            <MembersSection workspaceId={workspace.id} isAdmin={isAdmin} currentUserId={currentUserId} />
            <WorkspaceRetentionSection workspace={workspace} isAdmin={isAdmin} />
            <TypebotCompatibilitySection workspace={workspace} isAdmin={isAdmin} />
            {isAdmin ? (
              <>
                <SingleSignOnSection workspaceId={workspace.id} />
                <Section id="audit-log" title={t("auditLog")} description={t("auditLogDescription")}>
                  <Link
                    href="/workspace/settings/audit-log"
                    className="w-fit font-medium text-brand-700 underline"
                  >
                    {t("openAuditLog")}
                  </Link>
                </Section>
                <PlanSection workspaceId={workspace.id} canChangePlan={isOperator} />
                <InvoicesSection workspaceId={workspace.id} />
                <DeleteWorkspaceSection workspace={workspace} />
              </>
            ) : (
              <p className="text-muted">{t("adminsOnly")}</p>
            )}
          </div>
        );
      }}
    </CurrentWorkspaceDetails>
  );
}
