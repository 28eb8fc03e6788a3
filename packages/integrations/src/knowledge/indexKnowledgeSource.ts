import { createId, type Database } from "@parley/db";
import { movePendingKnowledgeChunks } from "@parley/db/queries/movePendingKnowledgeChunks";
import { readKnowledgeFileRange, readKnowledgeFileSize } from "@parley/db/queries/readKnowledgeFileBytes";
import { replaceKnowledgeLexemes } from "@parley/db/queries/replaceKnowledgeLexemes";
import { storePendingKnowledgeChunks } from "@parley/db/queries/storePendingKnowledgeChunks";
import { defineJob, getJobQueue, type JobQueue } from "@parley/db/queue";
import type { Logger } from "@parley/platform/logger";
import { z } from "zod";
import { AiProviderError, type CallOptions } from "../ai/aiTypes";
import { chunkText } from "./chunkText";
import {
  EMBEDDING_BATCH_SIZE,
  type EmbeddingEndpoint,
  readEmbeddingEndpoint,
  requestEmbeddings,
} from "./embeddingsClient";
import { type KnowledgeVectorIndex, knowledgeVectorIndex } from "./knowledgeVectorIndex";
import { type PageOutcome, readKnowledgeDocuments } from "./readKnowledgeDocuments";
import { type KnowledgeFileAccess, KnowledgeReadError } from "./readKnowledgeFile";

/**
 * Indexing one knowledge source: a job per source (its id the job's key, so at most one waits and one runs
 * in the whole cluster). A try whose process died is run again after its timeout: a text or file source's
 * passages already stored by the dead try (KnowledgePendingChunk, same revision) are kept and the indexing
 * resumes after them; a url or sitemap source, read from the web anew, starts over. Never a passage twice.
 */
export const indexKnowledgeSourceJob = defineJob({
  name: "knowledge.index",
  payload: z.object({ sourceId: z.string() }),
  retryLimit: 4,
  retryDelaySeconds: 15,
  timeoutSeconds: 15 * 60,
  onePerKey: true,
});

/** The last transaction moves a source's passages (a sitemap of 10,000 pages: tens of thousands). */
const STORE_TRANSACTION = { timeout: 5 * 60_000 };

/** Time allowed to one embeddings request. */
const EMBEDDING_TIMEOUT_MS = 60_000;

/** Queues the indexing of a source (after the transaction that created or changed it). */
export async function enqueueKnowledgeIndexing(sourceId: string, queue: JobQueue = getJobQueue()) {
  await queue.enqueue(indexKnowledgeSourceJob, { sourceId }, { key: sourceId });
}

export type IndexOutcome = "ready" | "failed" | "superseded";

/** A failure of the indexing that ends it with the source failed (`retry`: the queue tries again). */
class IndexingFailure extends Error {
  constructor(
    message: string,
    readonly retry: unknown = null,
  ) {
    super(message);
  }
}

interface PendingChunk {
  ordinal: number;
  text: string;
  heading: string | null;
  url: string | null;
  document: number | null;
}

/**
 * Indexes the source's current revision: chunks its documents as they are read, embeds the passages with the
 * base's credentials and model EMBEDDING_BATCH_SIZE at a time and stores each batch at once as pending
 * passages of this revision (KnowledgePendingChunk, never searched), so memory does not grow with the
 * document; then, in one transaction and only if the source was not changed meanwhile, its passages are
 * moved in place of its previous ones and it is marked ready: a half-indexed source is never searchable. A
 * source that cannot be indexed (no usable credentials, a provider's refusal) is marked failed with the reason;
 * the error is thrown again when trying later may succeed (the provider unreachable, a 5xx or 429), so the
 * queue retries it, and the retry resumes after the passages stored (text and file sources).
 */
export async function indexKnowledgeSource(
  prisma: Database,
  sourceId: string,
  call: Omit<CallOptions, "timeoutMs"> = {},
): Promise<IndexOutcome> {
  const source = await prisma.knowledgeSource.findUnique({
    where: { id: sourceId },
    select: {
      revision: true,
      type: true,
      text: true,
      url: true,
      maxPages: true,
      fileType: true,
      knowledgeBase: { select: { id: true, workspaceId: true, credentialsId: true, embeddingModel: true } },
    },
  });
  if (!source) return "superseded";
  const { revision, knowledgeBase } = source;
  const ofThisRevision = { id: sourceId, revision };
  const started = await prisma.knowledgeSource.updateMany({
    where: ofThisRevision,
    data: { status: "indexing", error: null },
  });
  if (started.count === 0) return "superseded";

  const fail = async (error: string, pages: PageOutcome[] | null = null) => {
    await prisma.$transaction(async (tx) => {
      const marked = await tx.knowledgeSource.updateMany({
        where: ofThisRevision,
        data: { status: "failed", error },
      });
      if (marked.count > 0 && pages) await replacePages(tx, sourceId, pages, new Map());
    });
    return "failed" as const;
  };
  // A url or sitemap source is read from the web here, at each indexing: a refresh reads it anew.
  let read: Awaited<ReturnType<typeof readKnowledgeDocuments>>;
  try {
    read = await readKnowledgeDocuments(
      { ...source, file: storedKnowledgeFile(prisma, sourceId) },
      { allowList: call.allowList },
    );
  } catch (error) {
    // A reader's unforeseen failure still ends the indexing: the source never stays `indexing`.
    return fail(`The source could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!read.ok) return fail(read.error, read.pages);
  const { pages } = read;

  // What an earlier try of this revision stored is resumed from when the source reads the same again (its text
  // or file); another revision's passages, or a web source's, are deleted.
  const resumable = source.type === "text" || source.type === "file";
  await prisma.knowledgePendingChunk.deleteMany({
    where: resumable ? { sourceId, revision: { not: revision } } : { sourceId },
  });
  const alreadyStored = resumable
    ? await prisma.knowledgePendingChunk.count({ where: { sourceId, revision } })
    : 0;

  let endpoint: EmbeddingEndpoint | null = null;
  /** Embeds a batch and stores it as pending passages of this revision; false when the source changed. */
  const storeBatch = async (batch: readonly PendingChunk[]): Promise<boolean> => {
    if (!endpoint) {
      const found = await readEmbeddingEndpoint(prisma, {
        workspaceId: knowledgeBase.workspaceId,
        credentialsId: knowledgeBase.credentialsId,
        model: knowledgeBase.embeddingModel,
      });
      if (!found.ok) throw new IndexingFailure(found.error);
      endpoint = found.endpoint;
    }
    let vectors: Float32Array[];
    try {
      vectors = await requestEmbeddings(
        endpoint,
        batch.map((chunk) => (chunk.heading ? `${chunk.heading}\n\n${chunk.text}` : chunk.text)),
        { ...call, timeoutMs: EMBEDDING_TIMEOUT_MS },
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new IndexingFailure(`Embedding failed: ${message}`, isWorthRetrying(error) ? error : null);
    }
    return storePendingKnowledgeChunks(prisma, {
      sourceId,
      revision,
      chunks: batch.map((chunk, index) => ({
        ordinal: chunk.ordinal,
        id: createId(),
        text: chunk.text,
        heading: chunk.heading,
        url: chunk.url,
        document: chunk.document,
        embedding: vectors[index] ?? new Float32Array(),
      })),
    });
  };

  let chunkCount = 0;
  try {
    let batch: PendingChunk[] = [];
    for (const [documentIndex, document] of read.documents.entries()) {
      for await (const piece of piecesOf(document.text)) {
        for (const chunk of chunkText(piece)) {
          const ordinal = chunkCount++;
          if (ordinal < alreadyStored) continue;
          batch.push({
            ordinal,
            text: chunk.text,
            heading: chunk.heading,
            url: document.url,
            document: pages ? documentIndex : null,
          });
          if (batch.length < EMBEDDING_BATCH_SIZE) continue;
          // Changed or deleted meanwhile: the newer revision's job indexes it.
          if (!(await storeBatch(batch))) return "superseded";
          batch = [];
        }
      }
    }
    if (batch.length > 0 && !(await storeBatch(batch))) return "superseded";
  } catch (error) {
    if (error instanceof IndexingFailure) {
      await fail(error.message, pages);
      if (error.retry) throw error.retry;
      return "failed";
    }
    const message = error instanceof Error ? error.message : String(error);
    return fail(
      error instanceof KnowledgeReadError ? message : `The source could not be read: ${message}`,
      pages,
    );
  }

  return prisma.$transaction(async (tx) => {
    const finished = await tx.knowledgeSource.updateMany({
      where: ofThisRevision,
      data: { status: "ready", error: null, chunkCount, lastIndexedAt: new Date() },
    });
    // Changed or deleted while it was indexed: the newer revision's job stores its own.
    if (finished.count === 0) return "superseded" as const;
    await tx.knowledgeChunk.deleteMany({ where: { sourceId } });
    await movePendingKnowledgeChunks(tx, { knowledgeBaseId: knowledgeBase.id, sourceId, revision });
    await replaceKnowledgeLexemes(tx, sourceId);
    if (pages) {
      const counted = await tx.knowledgePendingChunk.groupBy({
        by: ["document"],
        where: { sourceId, revision },
        _count: { _all: true },
      });
      const chunkCounts = new Map<number, number>();
      for (const row of counted) if (row.document !== null) chunkCounts.set(row.document, row._count._all);
      await replacePages(tx, sourceId, pages, chunkCounts);
    }
    await tx.knowledgePendingChunk.deleteMany({ where: { sourceId } });
    await tx.knowledgeBase.update({
      where: { id: knowledgeBase.id },
      data: { chunksVersion: { increment: 1 } },
    });
    return "ready" as const;
  }, STORE_TRANSACTION);
}

/** A document's text as the pieces it is chunked in: a string whole, a PDF page after page. */
async function* piecesOf(text: string | AsyncIterable<string>): AsyncGenerator<string> {
  if (typeof text === "string") yield text;
  else yield* text;
}

/**
 * A file source's stored bytes (KnowledgeFilePart rows of 1 MiB): its parts in order, one read at a time (a
 * 50 MB file is never one query's answer), or a range cut out of them by the database.
 */
export function storedKnowledgeFile(prisma: Database, sourceId: string): KnowledgeFileAccess {
  return {
    async *parts() {
      for (let part = 0; ; part++) {
        const row = await prisma.knowledgeFilePart.findUnique({
          where: { sourceId_part: { sourceId, part } },
          select: { bytes: true },
        });
        if (!row) return;
        yield row.bytes;
      }
    },
    size: () => readKnowledgeFileSize(prisma, sourceId),
    range: (begin, end) => readKnowledgeFileRange(prisma, { sourceId, begin, end }),
  };
}

/** A sitemap source's pages of this indexing, in place of the last one's. */
async function replacePages(
  tx: Parameters<Parameters<Database["$transaction"]>[0]>[0],
  sourceId: string,
  pages: readonly PageOutcome[],
  chunkCounts: ReadonlyMap<number, number>,
) {
  await tx.knowledgePage.deleteMany({ where: { sourceId } });
  const fetchedAt = new Date();
  if (pages.length > 0)
    await tx.knowledgePage.createMany({
      data: pages.map((page, position) => ({
        id: createId(),
        sourceId,
        position,
        url: page.url,
        status: page.error ? ("failed" as const) : ("ready" as const),
        error: page.error,
        chunkCount: page.document === null ? 0 : (chunkCounts.get(page.document) ?? 0),
        fetchedAt,
      })),
    });
}

/** A failure another try may not repeat: no answer, a rate limit or a server error. */
function isWorthRetrying(error: unknown): boolean {
  if (!(error instanceof AiProviderError)) return true;
  return error.status === null || error.status === 429 || error.status >= 500;
}

/**
 * This process's share of the indexing jobs (the builder runs them). Returns the stop function. `allowList`:
 * hosts reachable although private, on top of OUTBOUND_ALLOWED_HOSTS (tests).
 */
export async function startKnowledgeIndexing(
  prisma: Database,
  logger: Logger,
  options: { queue?: JobQueue; allowList?: readonly string[] } = {},
): Promise<() => Promise<void>> {
  const queue = options.queue ?? getJobQueue();
  return queue.work(indexKnowledgeSourceJob, async ({ sourceId }) => {
    await runKnowledgeIndexJob(prisma, sourceId, { allowList: options.allowList, logger });
  });
}

/**
 * A `knowledge.index` job: indexes the source, then, when its chunks were stored, brings its base's stored
 * vector graph up to date (KnowledgeVectorIndex.store), so no process builds it at its first search. The graph
 * is a cache: failing to store it is logged and leaves the source ready (a process then builds its own).
 */
export async function runKnowledgeIndexJob(
  prisma: Database,
  sourceId: string,
  options: { allowList?: readonly string[]; logger: Logger; vectorIndex?: KnowledgeVectorIndex },
): Promise<IndexOutcome> {
  const { logger } = options;
  const outcome = await indexKnowledgeSource(prisma, sourceId, { allowList: options.allowList });
  logger.info({ sourceId, outcome }, "knowledge source indexed");
  if (outcome !== "ready") return outcome;
  const source = await prisma.knowledgeSource.findUnique({
    where: { id: sourceId },
    select: { knowledgeBaseId: true },
  });
  if (!source) return outcome;
  try {
    const started = performance.now();
    const stored = await (options.vectorIndex ?? knowledgeVectorIndex).store(prisma, source.knowledgeBaseId);
    logger.info(
      { knowledgeBaseId: source.knowledgeBaseId, stored, ms: Math.round(performance.now() - started) },
      "knowledge vector graph stored",
    );
  } catch (error) {
    logger.warn(
      { err: error, knowledgeBaseId: source.knowledgeBaseId },
      "knowledge vector graph not stored: processes build it at their first search",
    );
  }
  return outcome;
}
