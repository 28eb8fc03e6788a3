import { DEFAULT_SITEMAP_MAX_PAGES } from "@parley/schemas/management/knowledge";
import { resolveKnowledgeFileType } from "@parley/schemas/management/knowledgeFiles";
import { type KnowledgeFileAccess, readKnowledgeFile } from "./readKnowledgeFile";
import {
  mapConcurrently,
  type PageRead,
  RobotsRules,
  readSitemap,
  readWebPage,
  type WebReadOptions,
  webReadLimits,
} from "./readWebSources";

/**
 * A document of a source, as chunkText reads it; `url` is the page its passages cite. A long file's text comes
 * in pieces read as they are consumed (a PDF's pages: readKnowledgeFile), each chunked on its own.
 */
export interface KnowledgeDocument {
  url: string | null;
  text: string | AsyncIterable<string>;
}

/** What a sitemap source's indexing found of one page (its chunk count is known once chunked). */
export interface PageOutcome {
  url: string;
  /** Index into the documents, when the page was read. */
  document: number | null;
  error: string | null;
}

export type DocumentsRead =
  | { ok: true; documents: KnowledgeDocument[]; pages: PageOutcome[] | null }
  | { ok: false; error: string; pages: PageOutcome[] | null };

export interface SourceToRead {
  type: "text" | "url" | "sitemap" | "file";
  text: string | null;
  url: string | null;
  maxPages: number | null;
  fileType: string | null;
  /** A file source's stored bytes. */
  file: KnowledgeFileAccess;
}

/**
 * The documents of a source: a text source's text; a file source's file (readKnowledgeFile); a url source's
 * page (robots.txt respected); a sitemap source's pages (robots.txt respected, at most `maxPages`, at most `webReadLimits.crawlBytes` of pages in all),
 * each with its outcome. A source none of whose documents can be read is `{ ok: false }` with the reason.
 */
export async function readKnowledgeDocuments(
  source: SourceToRead,
  options: WebReadOptions,
): Promise<DocumentsRead> {
  if (source.type === "text")
    return { ok: true, documents: [{ url: null, text: source.text ?? "" }], pages: null };
  if (source.type === "file") {
    const fileType = resolveKnowledgeFileType(source.fileType, "");
    if (!fileType)
      return { ok: false, error: `Files of type ${source.fileType} cannot be read`, pages: null };
    const read = await readKnowledgeFile(fileType, source.file);
    return read.ok
      ? { ok: true, documents: [{ url: null, text: read.text }], pages: null }
      : { ok: false, error: read.error, pages: null };
  }
  const url = source.url ?? "";
  const robots = new RobotsRules(options);
  if (source.type === "url") {
    const verdict = await robots.check(url);
    if (!verdict.allowed) return { ok: false, error: verdict.reason, pages: null };
    const page = await readWebPage(url, options);
    if (!page.ok) return { ok: false, error: page.error, pages: null };
    return { ok: true, documents: [{ url: page.url, text: page.text }], pages: null };
  }

  const sitemap = await readSitemap(url, source.maxPages ?? DEFAULT_SITEMAP_MAX_PAGES, robots, options);
  if (!sitemap.ok) return { ok: false, error: sitemap.error, pages: null };
  if (sitemap.urls.length === 0)
    return {
      ok: false,
      error: `The sitemap ${url} lists no page of its site that robots.txt allows reading`,
      pages: [],
    };
  let bytes = 0;
  const reads = await mapConcurrently(
    sitemap.urls,
    webReadLimits.concurrency,
    async (pageUrl): Promise<PageRead> => {
      if (bytes >= webReadLimits.crawlBytes)
        return {
          ok: false,
          url: pageUrl,
          error: "Not read: the sitemap's pages reached the 200 MiB limit of one source",
        };
      const page = await readWebPage(pageUrl, options);
      if (page.ok) bytes += Buffer.byteLength(page.text);
      return page;
    },
  );
  const documents: KnowledgeDocument[] = [];
  const pages: PageOutcome[] = reads.map((read, index) => {
    const pageUrl = sitemap.urls[index] as string;
    if (!read.ok) return { url: pageUrl, document: null, error: read.error };
    documents.push({ url: read.url, text: read.text });
    return { url: pageUrl, document: documents.length - 1, error: null };
  });
  if (documents.length === 0)
    return {
      ok: false,
      error: `No page of the sitemap could be read (${pages[0]?.error ?? "no page"})`,
      pages,
    };
  return { ok: true, documents, pages };
}
