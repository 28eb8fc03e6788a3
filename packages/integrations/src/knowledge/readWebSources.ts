import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import robotsParser from "robots-parser";
import { SaxesParser } from "saxes";
import { isOutboundError, OutboundError } from "../outbound/OutboundError";
import { type SafeFetchOptions, safeFetch } from "../outbound/safeFetch";
import { safeFetchStream } from "../outbound/safeFetchStream";
import { htmlToDocument } from "./htmlToDocument";

/** The name the crawler gives in `User-Agent` and matches in robots.txt groups. */
export const CRAWLER_USER_AGENT = "ParleyBot";

/** Bounds of one indexing's reading of the web. */
export const webReadLimits = {
  /** One page's body. */
  pageBytes: 5 * 1024 * 1024,
  /** One sitemap file, after decompression (the sitemaps protocol's own limit). */
  sitemapBytes: 50 * 1024 * 1024,
  /** Every page of a sitemap source together: pages past it are failed, not read. */
  crawlBytes: 200 * 1024 * 1024,
  /** Sitemap files read for one source (an index and the sitemaps it lists). */
  sitemapFiles: 50,
  /** Page URLs looked at in a source's sitemaps, whatever robots.txt says of them. */
  scannedUrls: 1_000_000,
  /** robots.txt's body. */
  robotsBytes: 512 * 1024,
  /** Time for one request, its body included. */
  timeoutMs: 30_000,
  /** Pages fetched at once. */
  concurrency: 4,
} as const;

export interface WebReadOptions {
  /** Hosts reachable although private, on top of OUTBOUND_ALLOWED_HOSTS (tests). */
  allowList?: readonly string[];
}

const requestHeaders = {
  "user-agent": `${CRAWLER_USER_AGENT}/1.0 (knowledge base indexing)`,
  accept: "text/html, application/xhtml+xml, text/plain, text/markdown;q=0.9, */*;q=0.1",
};

function fetchOptions(options: WebReadOptions, maxResponseBytes: number): SafeFetchOptions {
  return {
    headers: requestHeaders,
    timeoutMs: webReadLimits.timeoutMs,
    maxResponseBytes,
    allowList: options.allowList,
  };
}

/** `Could not read <url>: <reason>` in words a user can act on. */
function describeFailure(url: string, error: unknown): string {
  const reason = isOutboundError(error)
    ? error.code === "BLOCKED_ADDRESS"
      ? "its address is private or reserved, which the server's outbound rules refuse"
      : error.message
    : error instanceof Error
      ? error.message
      : String(error);
  return `Could not read ${url}: ${reason}`;
}

type RobotsVerdict = { allowed: true } | { allowed: false; reason: string };
type OriginRules = ReturnType<typeof robotsParser> | "all" | { unreachable: string; blocked: boolean };

/**
 * The robots.txt rules of each origin a crawl visits, read once per origin (RFC 9309): a 4xx answer (no
 * robots.txt) allows everything; an unreachable robots.txt or a 5xx answer disallows everything.
 */
export class RobotsRules {
  private readonly byOrigin = new Map<string, Promise<OriginRules>>();

  constructor(private readonly options: WebReadOptions) {}

  async allows(url: string): Promise<boolean> {
    return (await this.check(url)).allowed;
  }

  /** Whether this crawler may read `url`, and why not. */
  async check(url: string): Promise<RobotsVerdict> {
    const origin = new URL(url).origin;
    let rules = this.byOrigin.get(origin);
    if (!rules) {
      rules = this.read(origin);
      this.byOrigin.set(origin, rules);
    }
    const resolved = await rules;
    if (resolved === "all") return { allowed: true };
    if ("unreachable" in resolved)
      return {
        allowed: false,
        reason: resolved.blocked
          ? describeFailure(url, new OutboundError("BLOCKED_ADDRESS", "blocked"))
          : `Could not read ${url}: its site's robots.txt could not be read (${resolved.unreachable}), which means no page may be`,
      };
    if (resolved.isAllowed(url, CRAWLER_USER_AGENT) === false)
      return { allowed: false, reason: `The site's robots.txt does not allow reading ${url}` };
    return { allowed: true };
  }

  private async read(origin: string): Promise<OriginRules> {
    const robotsUrl = `${origin}/robots.txt`;
    try {
      const response = await safeFetch(robotsUrl, fetchOptions(this.options, webReadLimits.robotsBytes));
      if (response.status >= 200 && response.status < 300) return robotsParser(robotsUrl, response.bodyText);
      if (response.status >= 400 && response.status < 500) return "all";
      return { unreachable: `the server answered ${response.status}`, blocked: false };
    } catch (error) {
      return {
        unreachable: error instanceof Error ? error.message : String(error),
        blocked: isOutboundError(error) && error.code === "BLOCKED_ADDRESS",
      };
    }
  }
}

export type PageRead = { ok: true; url: string; text: string } | { ok: false; url: string; error: string };

const htmlTypes = new Set(["text/html", "application/xhtml+xml"]);
const textTypes = new Set(["text/plain", "text/markdown", "text/x-markdown"]);

/**
 * One page as a document for chunkText: HTML through htmlToDocument (headings kept), plain text and Markdown
 * as they are. Fetched through safeFetch (the outbound rules hold on every redirect), at most
 * `webReadLimits.pageBytes`. A failure is `{ ok: false }` with a readable error.
 */
export async function readWebPage(url: string, options: WebReadOptions): Promise<PageRead> {
  let response: Awaited<ReturnType<typeof safeFetch>>;
  try {
    response = await safeFetch(url, fetchOptions(options, webReadLimits.pageBytes));
  } catch (error) {
    return { ok: false, url, error: describeFailure(url, error) };
  }
  if (response.status < 200 || response.status >= 300)
    return { ok: false, url, error: `Could not read ${url}: the server answered ${response.status}` };
  const mediaType = (response.headers["content-type"] ?? "text/html").split(";")[0]?.trim().toLowerCase();
  let text: string;
  if (mediaType && htmlTypes.has(mediaType)) text = htmlToDocument(response.bodyText);
  else if (mediaType && textTypes.has(mediaType)) text = response.bodyText.trim();
  else
    return {
      ok: false,
      url,
      error: `Could not read ${url}: its content type ${mediaType} is not a web page (HTML, plain text or Markdown)`,
    };
  if (!text) return { ok: false, url, error: `${url} has no text` };
  return { ok: true, url: response.url, text };
}

export type SitemapRead = { ok: true; urls: string[]; sitemapsRead: number } | { ok: false; error: string };

/**
 * The page URLs of a sitemap (or of a sitemap index and the sitemaps it lists), in order, at most `maxPages`:
 * only pages of the sitemap's own origin (the sitemaps protocol's rule) that robots.txt lets this crawler
 * read, each once. The XML is parsed as it streams in (gzip too) and reading stops as soon as `maxPages`
 * pages are found, so a sitemap of any size costs at most `maxPages` URLs of memory.
 */
export async function readSitemap(
  sitemapUrl: string,
  maxPages: number,
  robots: RobotsRules,
  options: WebReadOptions,
): Promise<SitemapRead> {
  const origin = new URL(sitemapUrl).origin;
  const urls: string[] = [];
  const seen = new Set<string>();
  const pendingSitemaps = [sitemapUrl];
  const visitedSitemaps = new Set<string>();
  let scanned = 0;
  let sitemapsRead = 0;
  while (pendingSitemaps.length > 0 && urls.length < maxPages && sitemapsRead < webReadLimits.sitemapFiles) {
    const current = pendingSitemaps.shift() as string;
    if (visitedSitemaps.has(current)) continue;
    visitedSitemaps.add(current);
    const isFirst = sitemapsRead === 0;
    sitemapsRead++;
    let stream: Awaited<ReturnType<typeof safeFetchStream>>;
    try {
      stream = await safeFetchStream(current, fetchOptions(options, webReadLimits.sitemapBytes));
    } catch (error) {
      if (isFirst) return { ok: false, error: describeFailure(current, error) };
      continue;
    }
    if (stream.status < 200 || stream.status >= 300) {
      stream.close();
      if (isFirst)
        return {
          ok: false,
          error: `Could not read the sitemap ${current}: the server answered ${stream.status}`,
        };
      continue;
    }
    const found: { kind: "url" | "sitemap"; loc: string }[] = [];
    let parseError: string | null = null;
    let root: string | null = null;
    const parser = new SaxesParser();
    const path: string[] = [];
    let text = "";
    parser.on("opentag", (tag) => {
      const name = localName(tag.name);
      root ??= name;
      path.push(name);
      text = "";
    });
    parser.on("text", (chunk) => {
      text += chunk;
    });
    parser.on("cdata", (chunk) => {
      text += chunk;
    });
    parser.on("closetag", () => {
      const name = path.pop();
      const parent = path.at(-1);
      if (name === "loc" && (parent === "url" || parent === "sitemap"))
        found.push({ kind: parent, loc: text.trim() });
      text = "";
    });
    parser.on("error", (error) => {
      parseError = error.message;
    });
    try {
      for await (const piece of decompressed(stream.body)) {
        parser.write(piece.toString("utf8"));
        if (parseError) break;
        if (root !== null && root !== "urlset" && root !== "sitemapindex") {
          parseError = `its root element is <${root}>, not <urlset> or <sitemapindex>`;
          break;
        }
        for (const entry of found.splice(0)) {
          if (entry.kind === "sitemap") {
            const child = resolveSameOrigin(entry.loc, current, origin);
            if (child && pendingSitemaps.length + sitemapsRead < webReadLimits.sitemapFiles)
              pendingSitemaps.push(child);
            continue;
          }
          scanned++;
          const page = resolveSameOrigin(entry.loc, current, origin);
          if (!page || seen.has(page) || !(await robots.allows(page))) continue;
          seen.add(page);
          urls.push(page);
          if (urls.length >= maxPages) break;
        }
        if (urls.length >= maxPages || scanned >= webReadLimits.scannedUrls) break;
      }
    } catch (error) {
      // A sitemap past its size limit or cut off: the pages read before stay.
      if (isFirst && urls.length === 0 && !(isOutboundError(error) && error.code === "RESPONSE_TOO_LARGE"))
        return { ok: false, error: describeFailure(current, error) };
    } finally {
      stream.close();
    }
    if (root === null) parseError ??= "it holds no XML element";
    if (parseError && isFirst && urls.length === 0 && pendingSitemaps.length === 0)
      return { ok: false, error: `The sitemap ${current} is not a valid sitemap: ${parseError}` };
    if (scanned >= webReadLimits.scannedUrls) break;
  }
  return { ok: true, urls, sitemapsRead };
}

/** An element's name without its namespace prefix (`image:loc` → `loc`). */
function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon === -1 ? name : name.slice(colon + 1);
}

/** `loc` as an absolute http(s) URL of `origin` (without its fragment); null otherwise. */
function resolveSameOrigin(loc: string, base: string, origin: string): string | null {
  try {
    const url = new URL(loc, base);
    if (url.origin !== origin) return null;
    url.hash = "";
    return url.href;
  } catch {
    return null;
  }
}

/** The body as it arrives, gunzipped when it starts with gzip's magic bytes (a `.xml.gz` sitemap). */
async function* decompressed(body: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const iterator = body[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const rest: AsyncIterable<Buffer> = {
    [Symbol.asyncIterator]: () => iterator,
  };
  if (first.value[0] !== 0x1f || first.value[1] !== 0x8b) {
    yield first.value;
    yield* rest;
    return;
  }
  const gunzip = Readable.from(
    (async function* () {
      yield first.value;
      yield* rest;
    })(),
  ).pipe(createGunzip());
  let size = 0;
  try {
    for await (const chunk of gunzip) {
      size += (chunk as Buffer).byteLength;
      if (size > webReadLimits.sitemapBytes)
        throw new Error("the sitemap is larger than 50 MiB uncompressed");
      yield chunk as Buffer;
    }
  } finally {
    gunzip.destroy();
  }
}

/** `items` mapped by `work`, at most `concurrency` at once, results in the order of `items`. */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  });
  await Promise.all(workers);
  return results;
}
