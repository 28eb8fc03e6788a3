import { readFileSync } from "node:fs";
import path from "node:path";
import type { KnowledgeFileType } from "@parley/schemas/management/knowledgeFiles";
import { buildDocx, buildPdf } from "../../testing/knowledgeFiles";
import { type LocalServer, startLocalServer } from "../../testing/startLocalServer";

/**
 * The retrieval evaluation's corpus: the help centre of Spokewise, a fictional bike-sharing service, in
 * `corpus/` (Markdown, plain text, HTML, CSV, and the text of two PDFs and two Word documents, which are built
 * here), and `questions.json`: 100 questions as riders and developers ask them, each with the passages (exact
 * substrings of the indexed text) that answer it.
 */
const corpusDir = path.join(import.meta.dirname, "corpus");

export interface EvaluationQuestion {
  question: string;
  /** Substrings of the indexed text: a retrieved passage holding any of them answers the question. */
  answers: string[];
  /** The corpus file that answers it. */
  document: string;
}

export const evaluationQuestions: readonly EvaluationQuestion[] = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "questions.json"), "utf8"),
);

/** Questions the corpus does not answer: no passage should count as supporting an answer. */
export const unanswerableQuestions: readonly string[] = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "unanswerable.json"), "utf8"),
);

/** How each corpus file becomes a source: every source type the knowledge base indexes is used. */
export type EvaluationSource =
  | { type: "text"; name: string; text: string }
  | { type: "file"; name: string; fileType: KnowledgeFileType; bytes: Uint8Array }
  | { type: "url"; name: string; path: string }
  | { type: "sitemap"; name: string; path: string; pages: string[] };

const textSources = [
  "plans.md",
  "pricing-rides.md",
  "refunds.md",
  "account-deletion.md",
  "unlock-troubleshooting.md",
  "api-limits.md",
  "api-authentication.md",
  "security.md",
  "business-onboarding.md",
  "safety.md",
  "parking.md",
  "damage-reports.md",
  "referrals.md",
  "account-security.md",
  "lost-and-found.txt",
  "e-bike-battery.txt",
  "adaptive-bikes.txt",
];
const plainFiles: [string, KnowledgeFileType][] = [
  ["stations.md", "text/markdown"],
  ["support-contact.md", "text/markdown"],
  ["weather.txt", "text/plain"],
  ["gift-cards.txt", "text/plain"],
  ["mobile-app.html", "text/html"],
  ["fees.csv", "text/csv"],
  ["city-coverage.csv", "text/csv"],
  ["api-endpoints.csv", "text/csv"],
];
const pdfFiles = ["terms-of-service.pdf.txt", "insurance.pdf.txt"];
const docxFiles = ["business-invoicing.docx.md", "single-sign-on.docx.md"];
const urlPages = ["payments.html", "privacy.html"];
const sitemapPages = ["night-riding.html", "group-rides.html", "service-status.html"];

export const readCorpusFile = (name: string) => readFileSync(path.join(corpusDir, name), "utf8");

/** The corpus as sources: 17 text sources, 12 files (Markdown, text, HTML, CSV, PDF, DOCX), 2 pages, 1 sitemap. */
export async function evaluationSources(): Promise<EvaluationSource[]> {
  const sources: EvaluationSource[] = textSources.map((name) => ({
    type: "text",
    name,
    text: readCorpusFile(name),
  }));
  for (const [name, fileType] of plainFiles)
    sources.push({ type: "file", name, fileType, bytes: new TextEncoder().encode(readCorpusFile(name)) });
  for (const name of pdfFiles) {
    // One PDF page per `---`; each paragraph (a line of the file) wrapped to fit the page's width, as a
    // reader clips what is drawn past the page's edge.
    const pages = readCorpusFile(name)
      .trim()
      .split(/^---$/m)
      .map((page) =>
        page
          .trim()
          .split("\n")
          .flatMap((line) => wrap(line, 80)),
      );
    sources.push({
      type: "file",
      name: name.replace(/\.txt$/, ""),
      fileType: "application/pdf",
      bytes: buildPdf(pages),
    });
  }
  for (const name of docxFiles) {
    const blocks = readCorpusFile(name)
      .trim()
      .split(/\n\s*\n/)
      .map((block) => {
        const heading = /^(#{1,3})\s+(.+)$/.exec(block.trim());
        return heading
          ? { heading: heading[2] ?? "", level: (heading[1]?.length ?? 1) as 1 | 2 | 3 }
          : { paragraph: block.trim().replace(/\s+/g, " ") };
      });
    sources.push({
      type: "file",
      name: name.replace(/\.md$/, ""),
      fileType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      bytes: await buildDocx(blocks),
    });
  }
  for (const name of urlPages) sources.push({ type: "url", name, path: `/help/${name}` });
  sources.push({
    type: "sitemap",
    name: "Help centre sitemap",
    path: "/sitemap.xml",
    pages: sitemapPages.map((name) => `/help/${name}`),
  });
  return sources;
}

/**
 * The corpus's web pages on a loopback server: `/help/<page>.html` (or its `changedPages` text), `/sitemap.xml` (the sitemap source's
 * pages) and a robots.txt that allows everything. Passed through the server's outbound rules with the
 * allow-list `127.0.0.1`.
 */
export async function startEvaluationSite(
  /** Pages served in place of the corpus's, by file name (a test changes a page, then refreshes its source). */
  changedPages: ReadonlyMap<string, string> = new Map(),
): Promise<LocalServer> {
  const site: LocalServer = await startLocalServer((request, response) => {
    const url = new URL(request.url ?? "/", site.origin);
    const page = /^\/help\/([a-z-]+\.html)$/.exec(url.pathname)?.[1];
    if (page && [...urlPages, ...sitemapPages].includes(page)) {
      response.setHeader("content-type", "text/html; charset=utf-8");
      response.end(changedPages.get(page) ?? readCorpusFile(page));
    } else if (url.pathname === "/sitemap.xml") {
      response.setHeader("content-type", "application/xml");
      response.end(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${sitemapPages
          .map((name) => `<url><loc>${site.origin}/help/${name}</loc></url>`)
          .join("")}</urlset>`,
      );
    } else if (url.pathname === "/robots.txt") {
      response.setHeader("content-type", "text/plain");
      response.end("User-agent: *\nAllow: /\n");
    } else {
      response.statusCode = 404;
      response.end("Not found");
    }
  });
  return site;
}

/** `line` cut between words into lines of at most `width` characters. */
function wrap(line: string, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of line.split(/\s+/)) {
    if (current && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return lines;
}
