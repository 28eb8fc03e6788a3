import { createId, type Database } from "@parley/db";
import { defineJob, getJobQueue, type JobQueue } from "@parley/db/queue";
import type { Logger } from "@parley/platform/logger";
import { z } from "zod";
import { AiProviderError, type CallOptions } from "../ai/aiTypes";
import { chunkText } from "./chunkText";
import { EMBEDDING_BATCH_SIZE, readEmbeddingEndpoint, requestEmbeddings } from "./embeddingsClient";
import { type KnowledgeVectorIndex, knowledgeVectorIndex } from "./knowledgeVectorIndex";
import { type PageOutcome, readKnowledgeDocuments } from "./readKnowledgeDocuments";

/**
 * Indexing one knowledge source: a job per source (its id the job's key, so at most one waits and one runs
 * in the whole cluster). A try whose process died is run again after its timeout and redoes the source
 * whole: its chunks are replaced in one transaction, never added twice.
 */
export const indexKnowledgeSourceJob = defineJob({
  name: "knowledge.index",
  payload: z.object({ sourceId: z.string() }),
  retryLimit: 4,
  retryDelaySeconds: 15,
  timeoutSeconds: 15 * 60,
  onePerKey: true,
});

/** A sitemap of 10,000 pages stores tens of thousands of passages in its one transaction. */
const STORE_TRANSACTION = { timeout: 5 * 60_000 };

/** Chunks inserted per statement when a source's chunks are stored. */
const STORE_BATCH = 500;

/** Time allowed to one embeddings request. */
const EMBEDDING_TIMEOUT_MS = 60_000;

/** Queues the indexing of a source (after the transaction that created or changed it). */
export async function enqueueKnowledgeIndexing(sourceId: string, queue: JobQueue = getJobQueue()) {
  await queue.enqueue(indexKnowledgeSourceJob, { sourceId }, { key: sourceId });
}

export type IndexOutcome = "ready" | "failed" | "superseded";

/**
 * Indexes the source's current revision: chunks its text, embeds the chunks with the base's credentials and
 * model, then, in one transaction and only if the source was not changed meanwhile, replaces its chunks and
 * marks it ready. A source that cannot be indexed (no usable credentials, a provider's refusal) is marked
 * failed with the reason; the error is thrown again when trying later may succeed (the provider unreachable,
 * a 5xx or 429), so the queue retries it.
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
      { ...source, readFile: () => readFileParts(prisma, sourceId) },
      { allowList: call.allowList },
    );
  } catch (error) {
    // A reader's unforeseen failure still ends the indexing: the source never stays `indexing`.
    return fail(`The source could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!read.ok) return fail(read.error, read.pages);
  const chunks = read.documents.flatMap((document, documentIndex) =>
    chunkText(document.text).map((chunk) => ({ ...chunk, url: document.url, documentIndex })),
  );
  const vectors: Float32Array[] = [];
  if (chunks.length > 0) {
    const endpoint = await readEmbeddingEndpoint(prisma, {
      workspaceId: knowledgeBase.workspaceId,
      credentialsId: knowledgeBase.credentialsId,
      model: knowledgeBase.embeddingModel,
    });
    if (!endpoint.ok) return fail(endpoint.error, read.pages);
    for (let start = 0; start < chunks.length; start += EMBEDDING_BATCH_SIZE) {
      const batch = chunks.slice(start, start + EMBEDDING_BATCH_SIZE);
      try {
        vectors.push(
          ...(await requestEmbeddings(
            endpoint.endpoint,
            batch.map((chunk) => (chunk.heading ? `${chunk.heading}\n\n${chunk.text}` : chunk.text)),
            { ...call, timeoutMs: EMBEDDING_TIMEOUT_MS },
          )),
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await fail(`Embedding failed: ${message}`, read.pages);
        if (isWorthRetrying(error)) throw error;
        return "failed";
      }
    }
  }

  return prisma.$transaction(async (tx) => {
    const finished = await tx.knowledgeSource.updateMany({
      where: ofThisRevision,
      data: { status: "ready", error: null, chunkCount: chunks.length, lastIndexedAt: new Date() },
    });
    // Changed or deleted while its embeddings were asked for: the newer revision's job stores its own.
    if (finished.count === 0) return "superseded" as const;
    await tx.knowledgeChunk.deleteMany({ where: { sourceId } });
    // In statements of STORE_BATCH rows: the rows' JS arrays (a vector as numbers) exist one batch at a time.
    for (let first = 0; first < chunks.length; first += STORE_BATCH)
      await tx.knowledgeChunk.createMany({
        data: chunks.slice(first, first + STORE_BATCH).map((chunk, index) => ({
          id: createId(),
          knowledgeBaseId: knowledgeBase.id,
          sourceId,
          ordinal: first + index,
          text: chunk.text,
          heading: chunk.heading,
          url: chunk.url,
          embedding: Array.from(vectors[first + index] ?? []),
        })),
      });
    if (read.pages) {
      const chunkCounts = new Map<number, number>();
      for (const chunk of chunks)
        chunkCounts.set(chunk.documentIndex, (chunkCounts.get(chunk.documentIndex) ?? 0) + 1);
      await replacePages(tx, sourceId, read.pages, chunkCounts);
    }
    await tx.knowledgeBase.update({
      where: { id: knowledgeBase.id },
      data: { chunksVersion: { increment: 1 } },
    });
    return "ready" as const;
  }, STORE_TRANSACTION);
}

/** A file source's stored parts, in order, one read at a time (a 50 MB file is never one query's answer). */
async function* readFileParts(prisma: Database, sourceId: string): AsyncGenerator<Uint8Array> {
  for (let part = 0; ; part++) {
    const row = await prisma.knowledgeFilePart.findUnique({
      where: { sourceId_part: { sourceId, part } },
      select: { bytes: true },
    });
    if (!row) return;
    yield row.bytes;
  }
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
