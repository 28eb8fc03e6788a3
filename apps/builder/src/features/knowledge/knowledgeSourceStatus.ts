import type { KnowledgeSource } from "@parley/schemas/management/knowledge";
import type { InterfaceTranslator } from "@/i18n/interfaceMessages";
import { formatFileSize } from "./knowledgeFileCheck";

type Status = KnowledgeSource["status"];

/** How each status reads in the list, in the interface language, and its badge's tone. */
export const getSourceStatusFacts = (
  t: InterfaceTranslator<"Knowledge">,
): Record<Status, { label: string; tone: "neutral" | "brand" | "success" | "danger" }> => ({
  pending: { label: t("statusWaiting"), tone: "neutral" },
  indexing: { label: t("statusIndexing"), tone: "brand" },
  ready: { label: t("statusReady"), tone: "success" },
  failed: { label: t("statusFailed"), tone: "danger" },
});

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

/** Each kind of source, as the list and the new-source dialog name it. */
export const getSourceTypeLabels = (
  t: InterfaceTranslator<"Knowledge">,
): Record<KnowledgeSource["type"], string> => ({
  text: t("kindText"),
  url: t("kindUrl"),
  sitemap: t("kindSitemap"),
  file: t("kindFile"),
});

/** What sits under a source's name: its kind, passages, when it was last indexed (in the interface language). */
export function describeSource(
  source: Pick<KnowledgeSource, "type" | "chunkCount" | "lastIndexedAt" | "fileSize" | "maxPages">,
  formatTime: (iso: string) => string,
  t: InterfaceTranslator<"Knowledge">,
  locale = "en",
): string {
  const parts = [getSourceTypeLabels(t)[source.type]];
  if (source.type === "file" && source.fileSize !== undefined)
    parts.push(formatFileSize(source.fileSize, locale));
  if (source.type === "sitemap" && source.maxPages !== undefined)
    parts.push(t("atMostPages", { count: source.maxPages }));
  parts.push(t("passages", { count: source.chunkCount }));
  parts.push(
    source.lastIndexedAt ? t("indexedAt", { time: formatTime(source.lastIndexedAt) }) : t("neverIndexed"),
  );
  return parts.join(" · ");
}
