"use client";

import type { KnowledgeSource } from "@parley/schemas/management/knowledge";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/Badge";
import { ErrorState } from "@/components/ui/ErrorState";
import { Spinner } from "@/components/ui/Spinner";
import { useTRPC } from "@/lib/trpc";

/** The pages a sitemap source read at its last indexing, each ready (with its passages) or failed (with why). */
export function SitemapPages({
  knowledgeBaseId,
  source,
}: {
  knowledgeBaseId: string;
  source: KnowledgeSource;
}) {
  const t = useTranslations("Knowledge");
  const trpc = useTRPC();
  const pages = useQuery(
    trpc.knowledgeBases.listKnowledgePages.queryOptions({ knowledgeBaseId, sourceId: source.id }),
  );
  const { refetch } = pages;
  const shownIndexing = useRef(source.lastIndexedAt);
  // A new indexing replaces the pages: read them again when it ends.
  useEffect(() => {
    if (source.lastIndexedAt === shownIndexing.current) return;
    shownIndexing.current = source.lastIndexedAt;
    void refetch();
  }, [source.lastIndexedAt, refetch]);
  if (pages.error) return <ErrorState error={pages.error} onRetry={() => pages.refetch()} />;
  if (!pages.data) return <Spinner label={t("loadingPages")} />;
  if (pages.data.pages.length === 0) return <p className="text-[13px] text-muted">{t("noPageRead")}</p>;
  return (
    <ol
      aria-label={t("pagesOf", { name: source.name })}
      className="flex flex-col gap-1.5 rounded-lg bg-subtle p-3 text-[13px]"
    >
      {pages.data.pages.map((page) => (
        <li key={page.url} className="flex flex-col gap-0.5">
          <div className="flex flex-wrap items-center gap-2">
            <a
              href={page.url}
              target="_blank"
              rel="noopener noreferrer"
              className="min-w-0 break-all text-brand-700 underline-offset-2 hover:underline"
            >
              {page.url}
              <span className="sr-only"> {t("opensInNewTab")}</span>
            </a>
            <Badge tone={page.status === "ready" ? "success" : "danger"}>
              {page.status === "ready" ? t("statusReady") : t("statusFailed")}
            </Badge>
            {page.status === "ready" ? (
              <span className="text-muted">{t("passages", { count: page.chunkCount })}</span>
            ) : null}
          </div>
          {page.error ? <p className="break-words text-danger-600">{page.error}</p> : null}
        </li>
      ))}
    </ol>
  );
}
