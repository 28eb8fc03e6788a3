"use client";

import type { KnowledgeBase } from "@parley/schemas/management/knowledge";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BookOpen, Pencil, Plus, Trash2 } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { useTranslations } from "use-intl";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { EmptyState } from "@/components/ui/EmptyState";
import { ErrorState } from "@/components/ui/ErrorState";
import { NameDialog } from "@/components/ui/NameDialog";
import { PageHeader } from "@/components/ui/PageHeader";
import { Spinner } from "@/components/ui/Spinner";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { KnowledgeBaseFormDialog } from "./KnowledgeBaseFormDialog";

/** A workspace's knowledge bases: open one, create, rename or delete (members and admins). */
export function KnowledgeBasesView({
  workspaceId,
  workspaceName,
  canEdit,
}: {
  workspaceId: string;
  workspaceName: string;
  canEdit: boolean;
}) {
  const t = useTranslations("Knowledge");
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.knowledgeBases.listKnowledgeBases.queryOptions({ workspaceId }));
  const [isCreating, setIsCreating] = useState(false);
  const [renaming, setRenaming] = useState<KnowledgeBase | null>(null);
  const [deleting, setDeleting] = useState<KnowledgeBase | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.knowledgeBases.pathKey() });
  const rename = useMutation(
    trpc.knowledgeBases.updateKnowledgeBase.mutationOptions({
      onSuccess: async ({ knowledgeBase }) => {
        await refresh();
        toast.success(t("renamed", { name: knowledgeBase.name }));
      },
      onError: (error) => toast.error(t("renameFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const remove = useMutation(
    trpc.knowledgeBases.deleteKnowledgeBase.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success(t("deleted", { name: deleting?.name ?? "" }));
        setDeleting(null);
      },
      onError: (error) => toast.error(t("deleteFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const basePath = `/workspaces/${workspaceId}/knowledge`;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t("title")}
        description={t("description", { workspace: workspaceName })}
        actions={
          canEdit ? (
            <Button variant="primary" onClick={() => setIsCreating(true)}>
              <Plus size={14} aria-hidden />
              {t("newBase")}
            </Button>
          ) : undefined
        }
      />
      {list.error ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : !list.data ? (
        <div className="flex justify-center py-12">
          <Spinner label={t("loadingBases")} />
        </div>
      ) : list.data.knowledgeBases.length === 0 ? (
        <EmptyState icon={<BookOpen size={28} aria-hidden />} title={t("noBaseTitle")}>
          <p>{canEdit ? t("noBaseEditor") : t("noBaseGuest")}</p>
        </EmptyState>
      ) : (
        <ul aria-label={t("bases")} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {list.data.knowledgeBases.map((knowledgeBase) => (
            <li
              key={knowledgeBase.id}
              className="flex items-start justify-between gap-3 rounded-card border border-line bg-surface p-4 shadow-card"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <Link
                  href={`${basePath}/${knowledgeBase.id}`}
                  className="truncate font-semibold text-ink underline-offset-2 hover:underline"
                >
                  {knowledgeBase.name}
                </Link>
                <p className="truncate text-[13px] text-muted">
                  {knowledgeBase.credentialsId ? knowledgeBase.embeddingModel : t("noCredentials")}
                </p>
              </div>
              {canEdit ? (
                <div className="flex shrink-0 gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t("rename", { name: knowledgeBase.name })}
                    onClick={() => setRenaming(knowledgeBase)}
                  >
                    <Pencil size={14} aria-hidden />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t("delete", { name: knowledgeBase.name })}
                    onClick={() => setDeleting(knowledgeBase)}
                  >
                    <Trash2 size={14} aria-hidden />
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <>
          <KnowledgeBaseFormDialog
            workspaceId={workspaceId}
            open={isCreating}
            onOpenChange={setIsCreating}
            onSaved={(knowledgeBase) => router.push(`${basePath}/${knowledgeBase.id}`)}
          />
          <NameDialog
            open={renaming !== null}
            onOpenChange={(open) => !open && setRenaming(null)}
            title={t("renameTitle")}
            label={t("name")}
            initialValue={renaming?.name ?? ""}
            submitLabel={t("renameSubmit")}
            onSubmit={(name) =>
              renaming && rename.mutate({ knowledgeBaseId: renaming.id, knowledgeBase: { name } })
            }
          />
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(open) => !open && setDeleting(null)}
            title={t("deleteTitle", { name: deleting?.name ?? "" })}
            description={t("deleteBaseDescription")}
            confirmLabel={t("deleteConfirm")}
            isPending={remove.isPending}
            onConfirm={() => deleting && remove.mutate({ knowledgeBaseId: deleting.id })}
          />
        </>
      ) : null}
    </div>
  );
}
