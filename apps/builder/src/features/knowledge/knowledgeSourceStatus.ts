import type { KnowledgeSource } from "@parley/schemas/management/knowledge";
import { formatFileSize } from "./knowledgeFileCheck";

type Status = KnowledgeSource["status"];

/** How each status reads in the list, and its badge's tone. */
export const sourceStatusFacts: Record<
  Status,
  { label: string; tone: "neutral" | "brand" | "success" | "danger" }
> = {
  pending: { label: "Waiting", tone: "neutral" },
  indexing: { label: "Indexing", tone: "brand" },
  ready: { label: "Ready", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
};

/** How often the list is read again while a source is waiting or being indexed. */
export const SOURCES_POLL_INTERVAL_MS = 2_000;

/** Sources whose indexing is not over (waiting or running). */
export function countSourcesInProgress(sources: readonly Pick<KnowledgeSource, "status">[]): number {
  return sources.filter((source) => source.status === "pending" || source.status === "indexing").length;
}

/** The list's refetch interval: polling while any source is in progress, none once all are ready or failed. */
export function getSourcesRefetchInterval(
  sources: readonly Pick<KnowledgeSource, "status">[] | undefined,
): number | false {
  return sources && countSourcesInProgress(sources) > 0 ? SOURCES_POLL_INTERVAL_MS : false;
}

const typeLabels: Record<KnowledgeSource["type"], string> = {
  text: "Text",
  url: "Web page",
  sitemap: "Sitemap",
  file: "File",
};

/** What sits under a source's name: its kind, passages, when it was last indexed. */
export function describeSource(
  source: Pick<KnowledgeSource, "type" | "chunkCount" | "lastIndexedAt" | "fileSize" | "maxPages">,
  formatTime: (iso: string) => string,
): string {
  const parts = [typeLabels[source.type]];
  if (source.type === "file" && source.fileSize !== undefined) parts.push(formatFileSize(source.fileSize));
  if (source.type === "sitemap" && source.maxPages !== undefined)
    parts.push(`at most ${source.maxPages.toLocaleString("en")} pages`);
  parts.push(`${source.chunkCount.toLocaleString("en")} ${source.chunkCount === 1 ? "passage" : "passages"}`);
  parts.push(source.lastIndexedAt ? `indexed ${formatTime(source.lastIndexedAt)}` : "never indexed");
  return parts.join(" · ");
}
