"use client";

import type { KnowledgeSource } from "@parley/schemas/management/knowledge";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronDown, ChevronRight, ExternalLink, Pencil, Plus, RefreshCw, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/Badge";
import { Button } from "@/components/ui/Button";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { ErrorState } from "@/components/ui/ErrorState";
import { Section } from "@/components/ui/Section";
import { Spinner } from "@/components/ui/Spinner";
import { getErrorMessage } from "@/lib/errorMessage";
import { formatRelativeTime } from "@/lib/formatDate";
import { useTRPC } from "@/lib/trpc";
import { AddSourceDialog } from "./AddSourceDialog";
import { EditTextSourceDialog } from "./EditTextSourceDialog";
import {
  countSourcesInProgress,
  describeSource,
  getSourcesRefetchInterval,
  sourceStatusFacts,
} from "./knowledgeSourceStatus";
import { SitemapPages } from "./SitemapPages";

/**
 * A knowledge base's sources with their live status (read again every few seconds while one waits or is
 * indexed); members add, edit, refresh and delete them.
 */
export function SourcesSection({ knowledgeBaseId, canEdit }: { knowledgeBaseId: string; canEdit: boolean }) {
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
        toast.success(`${source.name} is indexed again`);
      },
      onError: (error) => toast.error(`Could not refresh: ${getErrorMessage(error)}`),
    }),
  );
  const remove = useMutation(
    trpc.knowledgeBases.deleteKnowledgeSource.mutationOptions({
      onSuccess: async () => {
        await refetch();
        toast.success(`${deleting?.name} deleted`);
        setDeleting(null);
      },
      onError: (error) => toast.error(`Could not delete: ${getErrorMessage(error)}`),
    }),
  );
  const sources = list.data?.sources;
  const inProgress = sources ? countSourcesInProgress(sources) : 0;

  return (
    <Section
      id="sources"
      title="Sources"
      description="Each source is cut into passages that AI answers and searches are grounded in."
      actions={
        canEdit ? (
          <Button size="sm" variant="primary" onClick={() => setIsAdding(true)}>
            <Plus size={14} aria-hidden /> Add source
          </Button>
        ) : null
      }
    >
      <p role="status" className={inProgress > 0 ? "text-[13px] text-muted" : "sr-only"}>
        {inProgress > 0
          ? `Indexing ${inProgress} ${inProgress === 1 ? "source" : "sources"}…`
          : sources && sources.length > 0
            ? "Every source is indexed."
            : ""}
      </p>
      {list.error ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : !sources ? (
        <Spinner label="Loading the sources" />
      ) : sources.length === 0 ? (
        <p className="text-muted">
          {canEdit ? "No source yet: add text, a web page, a sitemap or a file." : "No source yet."}
        </p>
      ) : (
        <ul aria-label="Sources" className="flex flex-col divide-y divide-line">
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
            onAdded={(source) => toast.success(`${source.name} added: it is being indexed`)}
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
            title={`Delete ${deleting?.name ?? "the source"}?`}
            description="Its passages are removed at once: no search or answer uses them again."
            confirmLabel="Delete"
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
  const [arePagesShown, setArePagesShown] = useState(false);
  const pagesId = useId();
  const status = sourceStatusFacts[source.status];
  const isBusy = source.status === "pending" || source.status === "indexing";
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0" data-testid="knowledge-source">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <span className="min-w-0 font-medium break-words">{source.name}</span>
            <Badge tone={status.tone}>
              <span className="sr-only">Status: </span>
              {status.label}
            </Badge>
          </div>
          <p className="text-[13px] text-muted">{describeSource(source, (iso) => formatRelativeTime(iso))}</p>
          {source.url ? (
            <a
              href={source.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex max-w-full items-center gap-1 text-[13px] break-all text-brand-700 underline-offset-2 hover:underline"
            >
              {source.url}
              <ExternalLink size={12} aria-hidden className="shrink-0" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
          {source.status === "failed" && source.error ? (
            <p className="text-[13px] break-words text-danger-600">{source.error}</p>
          ) : null}
        </div>
        {canEdit ? (
          <div className="flex shrink-0 gap-1">
            {source.type === "text" ? (
              <Button size="sm" variant="ghost" aria-label={`Edit ${source.name}`} onClick={onEdit}>
                <Pencil size={14} aria-hidden />
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Refresh ${source.name}`}
              disabled={isRefreshing || isBusy}
              onClick={onRefresh}
            >
              <RefreshCw size={14} aria-hidden className={isRefreshing ? "animate-spin" : undefined} />
            </Button>
            <Button size="sm" variant="ghost" aria-label={`Delete ${source.name}`} onClick={onDelete}>
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
            Pages of {source.name}
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
