"use client";

import type { KnowledgeBase } from "@parley/schemas/management/knowledge";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BookOpen, Pencil, Plus, Trash2 } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
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
        toast.success(`Renamed to ${knowledgeBase.name}`);
      },
      onError: (error) => toast.error(`Could not rename: ${getErrorMessage(error)}`),
    }),
  );
  const remove = useMutation(
    trpc.knowledgeBases.deleteKnowledgeBase.mutationOptions({
      onSuccess: async () => {
        await refresh();
        toast.success(`${deleting?.name} deleted`);
        setDeleting(null);
      },
      onError: (error) => toast.error(`Could not delete: ${getErrorMessage(error)}`),
    }),
  );
  const basePath = `/workspaces/${workspaceId}/knowledge`;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Knowledge"
        description={`Documents the AI of ${workspaceName} answers from: text, web pages, sitemaps and files.`}
        actions={
          canEdit ? (
            <Button variant="primary" onClick={() => setIsCreating(true)}>
              <Plus size={14} aria-hidden />
              New knowledge base
            </Button>
          ) : undefined
        }
      />
      {list.error ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : !list.data ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading the knowledge bases" />
        </div>
      ) : list.data.knowledgeBases.length === 0 ? (
        <EmptyState icon={<BookOpen size={28} aria-hidden />} title="No knowledge base yet">
          <p>
            {canEdit
              ? "Create one, then add your help pages, policies or product sheets to it."
              : "The workspace's members have not created any."}
          </p>
        </EmptyState>
      ) : (
        <ul aria-label="Knowledge bases" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
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
                  {knowledgeBase.credentialsId
                    ? knowledgeBase.embeddingModel
                    : "No AI credentials: choose some"}
                </p>
              </div>
              {canEdit ? (
                <div className="flex shrink-0 gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Rename ${knowledgeBase.name}`}
                    onClick={() => setRenaming(knowledgeBase)}
                  >
                    <Pencil size={14} aria-hidden />
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete ${knowledgeBase.name}`}
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
            title="Rename the knowledge base"
            label="Name"
            initialValue={renaming?.name ?? ""}
            submitLabel="Rename"
            onSubmit={(name) =>
              renaming && rename.mutate({ knowledgeBaseId: renaming.id, knowledgeBase: { name } })
            }
          />
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(open) => !open && setDeleting(null)}
            title={`Delete ${deleting?.name ?? "the knowledge base"}?`}
            description="Its sources and passages are deleted for good; AI blocks that search it find nothing more."
            confirmLabel="Delete"
            isPending={remove.isPending}
            onConfirm={() => deleting && remove.mutate({ knowledgeBaseId: deleting.id })}
          />
        </>
      ) : null}
    </div>
  );
}
