"use client";

import type { KnowledgeSource } from "@parley/schemas/management/knowledge";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronDown, ChevronRight, ExternalLink, Pencil, Plus, RefreshCw, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { useLocale, useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { ErrorState } from "@/components/ui/ErrorState";
import { Section } from "@/components/ui/Section";
import { Spinner } from "@/components/ui/Spinner";
import { getErrorMessage } from "@/lib/errorMessage";
import { useTRPC } from "@/lib/trpc";
import { useDateFormat } from "@/lib/useDateFormat";
import { AddSourceDialog } from "./AddSourceDialog";
import { EditTextSourceDialog } from "./EditTextSourceDialog";
import {
  countSourcesInProgress,
  describeSource,
  getSourceStatusFacts,
  getSourcesRefetchInterval,
} from "./knowledgeSourceStatus";
import { SitemapPages } from "./SitemapPages";

/**
 * A knowledge base's sources with their live status (read again every few seconds while one waits or is
 * indexed); members add, edit, refresh and delete them.
 */
export function SourcesSection({ knowledgeBaseId, canEdit }: { knowledgeBaseId: string; canEdit: boolean }) {
  const t = useTranslations("Knowledge");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(
    trpc.knowledgeBases.listKnowledgeSources.queryOptions(
      { knowledgeBaseId },
      { refetchInterval: (query) => getSourcesRefetchInterval(query.state.data?.sources) },
    ),
  );
  const [isAdding, setIsAdding] = useState(false);
  const [editing, setEditing] = useState<KnowledgeSource | null>(null);
  const [deleting, setDeleting] = useState<KnowledgeSource | null>(null);
  const refetch = () =>
    queryClient.invalidateQueries({ queryKey: trpc.knowledgeBases.listKnowledgeSources.queryKey() });
  const refresh = useMutation(
    trpc.knowledgeBases.refreshKnowledgeSource.mutationOptions({
      onSuccess: async ({ source }) => {
        await refetch();
        toast.success(t("reindexed", { name: source.name }));
      },
      onError: (error) => toast.error(t("refreshFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const remove = useMutation(
    trpc.knowledgeBases.deleteKnowledgeSource.mutationOptions({
      onSuccess: async () => {
        await refetch();
        toast.success(t("deleted", { name: deleting?.name ?? "" }));
        setDeleting(null);
      },
      onError: (error) => toast.error(t("deleteFailed", { reason: getErrorMessage(error) })),
    }),
  );
  const sources = list.data?.sources;
  const inProgress = sources ? countSourcesInProgress(sources) : 0;

  return (
    <Section
      id="sources"
      title={t("sourcesTitle")}
      description={t("sourcesDescription")}
      actions={
        canEdit ? (
          <Button size="sm" variant="primary" onClick={() => setIsAdding(true)}>
            <Plus size={14} aria-hidden /> {t("addSource")}
          </Button>
        ) : null
      }
    >
      <p role="status" className={inProgress > 0 ? "text-[13px] text-muted" : "sr-only"}>
        {inProgress > 0
          ? t("indexingCount", { count: inProgress })
          : sources && sources.length > 0
            ? t("allIndexed")
            : ""}
      </p>
      {list.error ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : !sources ? (
        <Spinner label={t("loadingSources")} />
      ) : sources.length === 0 ? (
        <p className="text-muted">{canEdit ? t("noSourceEditor") : t("noSource")}</p>
      ) : (
        <ul aria-label={t("sourcesTitle")} className="flex flex-col divide-y divide-line">
          {sources.map((source) => (
            <SourceItem
              key={source.id}
              source={source}
              knowledgeBaseId={knowledgeBaseId}
              canEdit={canEdit}
              isRefreshing={refresh.isPending && refresh.variables?.sourceId === source.id}
              onRefresh={() => refresh.mutate({ knowledgeBaseId, sourceId: source.id })}
              onEdit={() => setEditing(source)}
              onDelete={() => setDeleting(source)}
            />
          ))}
        </ul>
      )}
      {canEdit ? (
        <>
          <AddSourceDialog
            knowledgeBaseId={knowledgeBaseId}
            open={isAdding}
            onOpenChange={setIsAdding}
            onAdded={(source) => toast.success(t("sourceAdded", { name: source.name }))}
          />
          {editing ? (
            <EditTextSourceDialog
              knowledgeBaseId={knowledgeBaseId}
              source={editing}
              onClose={() => setEditing(null)}
              onSaved={refetch}
            />
          ) : null}
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(open) => !open && setDeleting(null)}
            title={t("deleteTitle", { name: deleting?.name ?? "" })}
            description={t("deleteSourceDescription")}
            confirmLabel={t("deleteConfirm")}
            isPending={remove.isPending}
            onConfirm={() => deleting && remove.mutate({ knowledgeBaseId, sourceId: deleting.id })}
          />
        </>
      ) : null}
    </Section>
  );
}

function SourceItem({
  source,
  knowledgeBaseId,
  canEdit,
  isRefreshing,
  onRefresh,
  onEdit,
  onDelete,
}: {
  source: KnowledgeSource;
  knowledgeBaseId: string;
  canEdit: boolean;
  isRefreshing: boolean;
  onRefresh: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations("Knowledge");
  const locale = useLocale();
  const { relative } = useDateFormat();
  const [arePagesShown, setArePagesShown] = useState(false);
  const pagesId = useId();
  const status = getSourceStatusFacts(t)[source.status];
  const isBusy = source.status === "pending" || source.status === "indexing";
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0" data-testid="knowledge-source">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <span className="min-w-0 font-medium break-words">{source.name}</span>
            <Badge tone={status.tone}>
              <span className="sr-only">{t("statusPrefix")}</span>
              {status.label}
            </Badge>
          </div>
          <p className="text-[13px] text-muted">{describeSource(source, relative, t, locale)}</p>
          {source.url ? (
            <a
              href={source.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex max-w-full items-center gap-1 text-[13px] break-all text-brand-700 underline-offset-2 hover:underline"
            >
              {source.url}
              <ExternalLink size={12} aria-hidden className="shrink-0" />
              <span className="sr-only">{t("opensInNewTab")}</span>
            </a>
          ) : null}
          {source.status === "failed" && source.error ? (
            <p className="text-[13px] break-words text-danger-600">{source.error}</p>
          ) : null}
        </div>
        {canEdit ? (
          <div className="flex shrink-0 gap-1">
            {source.type === "text" ? (
              <Button
                size="sm"
                variant="ghost"
                aria-label={t("edit", { name: source.name })}
                onClick={onEdit}
              >
                <Pencil size={14} aria-hidden />
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="ghost"
              aria-label={t("refresh", { name: source.name })}
              disabled={isRefreshing || isBusy}
              onClick={onRefresh}
            >
              <RefreshCw size={14} aria-hidden className={isRefreshing ? "animate-spin" : undefined} />
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={t("delete", { name: source.name })}
              onClick={onDelete}
            >
              <Trash2 size={14} aria-hidden />
            </Button>
          </div>
        ) : null}
      </div>
      {source.type === "sitemap" && source.lastIndexedAt ? (
        <div className="flex flex-col gap-2">
          <button
            type="button"
            aria-expanded={arePagesShown}
            aria-controls={pagesId}
            onClick={() => setArePagesShown(!arePagesShown)}
            className="inline-flex w-fit items-center gap-1 rounded-md text-[13px] font-medium text-ink hover:underline"
          >
            {arePagesShown ? <ChevronDown size={14} aria-hidden /> : <ChevronRight size={14} aria-hidden />}
            {t("pagesOf", { name: source.name })}
          </button>
          {arePagesShown ? (
            <div id={pagesId}>
              <SitemapPages knowledgeBaseId={knowledgeBaseId} source={source} />
            </div>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
