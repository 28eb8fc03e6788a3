"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Settings } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { ErrorState } from "@/components/ui/ErrorState";
import { PageHeader } from "@/components/ui/PageHeader";
import { Spinner } from "@/components/ui/Spinner";
import { useTRPC } from "@/lib/trpc";
import { KnowledgeBaseFormDialog } from "./KnowledgeBaseFormDialog";
import { SourcesSection } from "./SourcesSection";
import { TryQuestionSection } from "./TryQuestionSection";

/** One knowledge base: its sources with their status, and a search to try it. */
export function KnowledgeBaseView({
  workspaceId,
  knowledgeBaseId,
  canEdit,
}: {
  workspaceId: string;
  knowledgeBaseId: string;
  canEdit: boolean;
}) {
  const t = useTranslations("Knowledge");
  const trpc = useTRPC();
  const base = useQuery(trpc.knowledgeBases.getKnowledgeBase.queryOptions({ knowledgeBaseId }));
  const [isEditing, setIsEditing] = useState(false);
  const knowledgeBase = base.data?.knowledgeBase;
  const back = (
    <Link
      href={`/workspaces/${workspaceId}/knowledge`}
      className="inline-flex w-fit items-center gap-1 text-[13px] font-medium text-muted hover:text-ink"
    >
      <ArrowLeft size={14} aria-hidden />
      {t("bases")}
    </Link>
  );
  if (base.error)
    return (
      <div className="flex flex-col gap-6">
        {back}
        <ErrorState error={base.error} onRetry={() => base.refetch()} />
      </div>
    );
  if (!knowledgeBase)
    return (
      <div className="flex justify-center py-12">
        <Spinner label={t("loadingBase")} />
      </div>
    );
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        before={back}
        title={knowledgeBase.name}
        description={
          knowledgeBase.credentialsId
            ? t("embeddedWith", { model: knowledgeBase.embeddingModel })
            : t("credentialsDeleted")
        }
        actions={
          canEdit ? (
            <Button onClick={() => setIsEditing(true)}>
              <Settings size={14} aria-hidden />
              {t("settings")}
            </Button>
          ) : undefined
        }
      />
      {!canEdit ? <p className="text-muted">{t("readOnly")}</p> : null}
      <SourcesSection knowledgeBaseId={knowledgeBaseId} canEdit={canEdit} />
      <TryQuestionSection knowledgeBaseId={knowledgeBaseId} />
      {canEdit ? (
        <KnowledgeBaseFormDialog
          workspaceId={workspaceId}
          knowledgeBase={knowledgeBase}
          open={isEditing}
          onOpenChange={setIsEditing}
        />
      ) : null}
    </div>
  );
}
