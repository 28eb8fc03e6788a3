import { mkdtemp, open, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Database } from "@parley/db";
import { readKnowledgeChunkEmbeddings } from "@parley/db/queries/readKnowledgeChunkEmbeddings";
import { takeTransactionLock } from "@parley/db/queries/takeTransactionLock";

// The CommonJS build: it finds its prebuilt binary from __dirname, where the ES module build walks stack
// traces, which fails under bundlers and test runners.
const usearch = createRequire(import.meta.url)("usearch") as typeof import("usearch").default;

/** A chunk found by vector similarity: cosine similarity in [-1, 1]. */
export interface VectorHit {
  id: string;
  similarity: number;
}

/** What an index did since it was made: what the tests and the benchmark read. */
export interface VectorIndexStatistics {
  /** Stored graphs read from PostgreSQL and loaded. */
  storedGraphsLoaded: number;
  /** Stored graphs that could not be loaded (their graph was built from the chunks instead). */
  storedGraphsRejected: number;
  /** Graphs written to PostgreSQL by `store`. */
  graphsStored: number;
  /** Embeddings inserted into a graph (read from the chunks: what loading a stored graph saves). */
  vectorsAdded: number;
  /** Chunks gone from PostgreSQL removed from a graph. */
  vectorsRemoved: number;
}

interface CachedIndex {
  chunksVersion: number;
  dimensions: number;
  index: InstanceType<typeof usearch.Index>;
  idByKey: Map<bigint, string>;
  keyById: Map<string, bigint>;
  nextKey: bigint;
}

/** Embeddings read from PostgreSQL per statement while an index catches up. */
const LOAD_BATCH = 2_000;
/**
 * Embeddings given to usearch in one call (its batch insertion, on its own threads). Each call is synchronous
 * native work: other requests of the process run between two calls.
 */
const ADDS_PER_CALL = 256;
/** Bytes of a stored graph per row of KnowledgeVectorIndexPart. */
const STORED_PART_BYTES = 16 * 1024 * 1024;
/** Writing a graph of 100,000 chunks (about 120 MB) in one transaction. */
const STORE_TRANSACTION = { timeout: 5 * 60_000, maxWait: 30_000 };
/** Reading it back, in one snapshot. */
const LOAD_TRANSACTION = { timeout: 2 * 60_000, maxWait: 30_000, isolationLevel: "RepeatableRead" as const };

/** Graphs of at most this many vectors are searched exhaustively (exact nearest neighbours). */
export const EXACT_SEARCH_MAX_VECTORS = 2_000;

/**
 * The vector side of retrieval: per knowledge base, an HNSW graph (usearch, cosine metric) of its chunks'
 * embeddings, kept in this process and caught up with PostgreSQL, which stays the only store of chunks.
 *
 * The indexing job keeps each base's graph stored in PostgreSQL (`store`, table KnowledgeVectorIndex, with
 * the `chunksVersion` it holds every chunk of): a process's first search of a base loads that graph (fast)
 * instead of inserting every embedding (slow: docs/knowledge.md, "Vector search"), then catches up. A search
 * names the base's `chunksVersion` (read with the access check): when the graph is older, the chunk ids are
 * read again, chunks gone are removed from the graph and new ones added (only their embeddings are read), so
 * a deleted source is never returned and a re-indexed one is searched whole.
 */
export class KnowledgeVectorIndex {
  readonly #indexes = new Map<string, CachedIndex>();
  readonly #catchingUp = new Map<string, Promise<CachedIndex | null>>();
  readonly statistics: VectorIndexStatistics = {
    storedGraphsLoaded: 0,
    storedGraphsRejected: 0,
    graphsStored: 0,
    vectorsAdded: 0,
    vectorsRemoved: 0,
  };

  /** The `limit` chunks most similar to `query` (L2-normalised), best first. */
  async search(
    prisma: Database,
    knowledgeBase: { id: string; chunksVersion: number },
    query: Float32Array,
    limit: number,
  ): Promise<VectorHit[]> {
    const cached = await this.#current(prisma, knowledgeBase);
    if (!cached || cached.idByKey.size === 0 || cached.dimensions !== query.length) return [];
    const size = cached.idByKey.size;
    // A small graph is searched whole (HNSW's beam as wide as the graph): exact, where a greedy walk among
    // near-equal neighbours can miss the best passage, for about a millisecond.
    const found = cached.index.search(
      query,
      size <= EXACT_SEARCH_MAX_VECTORS ? size : Math.min(limit, size),
      1,
    );
    const hits: VectorHit[] = [];
    for (let position = 0; position < Math.min(found.keys.length, limit); position++) {
      const id = cached.idByKey.get(found.keys[position] ?? -1n);
      // usearch's cosine distance is 1 - similarity.
      if (id) hits.push({ id, similarity: 1 - (found.distances[position] ?? 1) });
    }
    return hits;
  }

  /**
   * Brings the base's graph in this process up to its current chunks (loading the stored one first when this
   * process has none), without searching: the benchmark's load time, the indexing job's first step.
   */
  async prepare(prisma: Database, knowledgeBaseId: string): Promise<{ chunksVersion: number } | null> {
    const base = await prisma.knowledgeBase.findUnique({
      where: { id: knowledgeBaseId },
      select: { chunksVersion: true },
    });
    if (!base) {
      this.forget(knowledgeBaseId);
      return null;
    }
    const cached = await this.#current(prisma, { id: knowledgeBaseId, chunksVersion: base.chunksVersion });
    return cached && { chunksVersion: cached.chunksVersion };
  }

  /**
   * Stores the base's graph, caught up with its chunks, in PostgreSQL for every process to load, unless the
   * stored one already holds this `chunksVersion` or a later one. Called by the indexing job after it stored a
   * source's chunks. "gone": the base was deleted.
   */
  async store(prisma: Database, knowledgeBaseId: string): Promise<"stored" | "current" | "gone"> {
    const base = await prisma.knowledgeBase.findUnique({
      where: { id: knowledgeBaseId },
      select: { chunksVersion: true, vectorIndex: { select: { chunksVersion: true } } },
    });
    if (!base) {
      this.forget(knowledgeBaseId);
      return "gone";
    }
    if (base.vectorIndex && base.vectorIndex.chunksVersion >= base.chunksVersion) return "current";
    const cached = await this.#current(prisma, { id: knowledgeBaseId, chunksVersion: base.chunksVersion });
    if (!cached) return "gone";
    const folder = await mkdtemp(path.join(tmpdir(), "parley-vectors-"));
    try {
      const file = path.join(folder, "graph.usearch");
      // A snapshot taken with no await in between: a catch-up of this graph cannot run while it is taken.
      const snapshot = {
        chunksVersion: cached.chunksVersion,
        dimensions: cached.dimensions,
        keys: [...cached.idByKey.keys()],
        chunkIds: [...cached.idByKey.values()],
        nextKey: cached.nextKey,
      };
      if (snapshot.keys.length > 0) cached.index.save(file);
      const stored = await prisma.$transaction(async (tx) => {
        // One writer per base at a time; a graph never replaces a newer one.
        await takeTransactionLock(tx, `knowledge-vectors:${knowledgeBaseId}`);
        const existing = await tx.knowledgeVectorIndex.findUnique({
          where: { knowledgeBaseId },
          select: { chunksVersion: true },
        });
        if (existing && existing.chunksVersion >= snapshot.chunksVersion) return false;
        const stillThere = await tx.knowledgeBase.count({ where: { id: knowledgeBaseId } });
        if (stillThere === 0) return false;
        await tx.knowledgeVectorIndexPart.deleteMany({ where: { knowledgeBaseId } });
        const header = { ...snapshot, byteLength: 0n };
        await tx.knowledgeVectorIndex.upsert({
          where: { knowledgeBaseId },
          create: { knowledgeBaseId, ...header },
          update: header,
        });
        if (snapshot.keys.length === 0) return true;
        const handle = await open(file, "r");
        try {
          let byteLength = 0;
          for (let part = 0; ; part++) {
            const buffer = Buffer.alloc(STORED_PART_BYTES);
            const { bytesRead } = await handle.read(buffer, 0, STORED_PART_BYTES, null);
            if (bytesRead === 0) break;
            await tx.knowledgeVectorIndexPart.create({
              data: {
                knowledgeBaseId,
                part,
                bytes: new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead),
              },
            });
            byteLength += bytesRead;
          }
          await tx.knowledgeVectorIndex.update({
            where: { knowledgeBaseId },
            data: { byteLength: BigInt(byteLength) },
          });
        } finally {
          await handle.close();
        }
        return true;
      }, STORE_TRANSACTION);
      if (!stored) return "current";
      this.statistics.graphsStored++;
      return "stored";
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  /** Forgets a base's graph (its base was deleted). */
  forget(knowledgeBaseId: string) {
    this.#indexes.delete(knowledgeBaseId);
  }

  async #current(prisma: Database, knowledgeBase: { id: string; chunksVersion: number }) {
    const cached = this.#indexes.get(knowledgeBase.id);
    if (cached && cached.chunksVersion >= knowledgeBase.chunksVersion) return cached;
    let running = this.#catchingUp.get(knowledgeBase.id);
    if (!running) {
      running = this.#catchUp(prisma, knowledgeBase.id, cached).finally(() =>
        this.#catchingUp.delete(knowledgeBase.id),
      );
      this.#catchingUp.set(knowledgeBase.id, running);
    }
    return running;
  }

  async #catchUp(prisma: Database, knowledgeBaseId: string, cached: CachedIndex | undefined) {
    // The version first: a change committed after it moves it again, and the next search catches up once more.
    const base = await prisma.knowledgeBase.findUnique({
      where: { id: knowledgeBaseId },
      select: { chunksVersion: true },
    });
    if (!base) {
      this.#indexes.delete(knowledgeBaseId);
      return null;
    }
    let current = cached ?? (await this.#loadStored(prisma, knowledgeBaseId));
    if (!cached && current && current.chunksVersion >= base.chunksVersion) {
      // A stored graph of the current version holds every chunk there is (see the order of the reads below):
      // nothing to catch up.
      this.#indexes.set(knowledgeBaseId, current);
      return current;
    }
    const rows = await prisma.knowledgeChunk.findMany({ where: { knowledgeBaseId }, select: { id: true } });
    const ids = new Set(rows.map((row) => row.id));
    if (current) {
      for (const [id, key] of current.keyById) {
        if (ids.has(id)) continue;
        current.index.remove(key);
        current.keyById.delete(id);
        current.idByKey.delete(key);
        this.statistics.vectorsRemoved++;
      }
    }
    const added = [...ids].filter((id) => !current?.keyById.has(id));
    for (let start = 0; start < added.length; start += LOAD_BATCH) {
      // The embeddings in PostgreSQL's binary array format, decoded here.
      const batch = await readKnowledgeChunkEmbeddings(prisma, added.slice(start, start + LOAD_BATCH));
      for (let first = 0; first < batch.length; first += ADDS_PER_CALL) {
        const rowsOfCall = batch.slice(first, first + ADDS_PER_CALL).map((row) => ({
          id: row.id,
          embedding: decodeFloat4Array(row.embedding),
        }));
        const dimensions = rowsOfCall[0]?.embedding.length ?? 0;
        if (!current || current.dimensions !== dimensions) {
          // First vectors, or a new embeddings model: a graph of the new dimensions (the old chunks are gone).
          current = createIndex(dimensions, base.chunksVersion);
        }
        const sameSize = rowsOfCall.filter((row) => row.embedding.length === dimensions);
        const keys = new BigUint64Array(sameSize.length);
        const vectors = new Float32Array(sameSize.length * dimensions);
        for (const [position, row] of sameSize.entries()) {
          const key = current.nextKey++;
          keys[position] = key;
          vectors.set(row.embedding, position * dimensions);
          current.idByKey.set(key, row.id);
          current.keyById.set(row.id, key);
        }
        current.index.add(keys, vectors, 0);
        this.statistics.vectorsAdded += sameSize.length;
        // Other requests of the process run between two insertions.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    if (!current) current = createIndex(0, base.chunksVersion);
    current.chunksVersion = base.chunksVersion;
    this.#indexes.set(knowledgeBaseId, current);
    return current;
  }

  /**
   * The base's stored graph (written by the indexing job), read in one snapshot; undefined when there is none
   * or it cannot be loaded (then the graph is built from the chunks).
   */
  async #loadStored(prisma: Database, knowledgeBaseId: string): Promise<CachedIndex | undefined> {
    const folder = await mkdtemp(path.join(tmpdir(), "parley-vectors-"));
    try {
      const file = path.join(folder, "graph.usearch");
      const header = await prisma.$transaction(async (tx) => {
        const stored = await tx.knowledgeVectorIndex.findUnique({
          where: { knowledgeBaseId },
          select: {
            chunksVersion: true,
            dimensions: true,
            keys: true,
            chunkIds: true,
            nextKey: true,
            byteLength: true,
          },
        });
        if (!stored || stored.byteLength === 0n) return stored;
        const handle = await open(file, "w");
        try {
          for (let part = 0; ; part++) {
            const row = await tx.knowledgeVectorIndexPart.findUnique({
              where: { knowledgeBaseId_part: { knowledgeBaseId, part } },
              select: { bytes: true },
            });
            if (!row) break;
            await handle.write(row.bytes);
          }
        } finally {
          await handle.close();
        }
        return stored;
      }, LOAD_TRANSACTION);
      if (!header || header.keys.length !== header.chunkIds.length) return undefined;
      const loaded = createIndex(header.dimensions, header.chunksVersion);
      loaded.nextKey = header.nextKey;
      if (header.byteLength > 0n) {
        loaded.index.load(file);
        // A graph that does not hold what its header says is not used.
        if (Number(loaded.index.size()) !== header.keys.length)
          throw new Error("the stored graph is incomplete");
      }
      for (const [position, key] of header.keys.entries()) {
        const id = header.chunkIds[position] ?? "";
        loaded.idByKey.set(key, id);
        loaded.keyById.set(id, key);
      }
      this.statistics.storedGraphsLoaded++;
      return loaded;
    } catch {
      this.statistics.storedGraphsRejected++;
      return undefined;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }
}

/**
 * A one-dimensional real[] in PostgreSQL's binary format (array_send): dimensions, a null flag, the element
 * type, then per dimension its length and lower bound, then each element's length (4) and big-endian float4.
 */
export function decodeFloat4Array(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 12 || view.getInt32(0) === 0) return new Float32Array(0);
  if (view.getInt32(0) !== 1 || view.getInt32(4) !== 0)
    throw new Error("an embedding is not a one-dimensional array without nulls");
  const length = view.getInt32(12);
  const values = new Float32Array(length);
  for (let index = 0, offset = 20; index < length; index++, offset += 8)
    values[index] = view.getFloat32(offset + 4);
  return values;
}

function createIndex(dimensions: number, chunksVersion: number): CachedIndex {
  return {
    chunksVersion,
    dimensions,
    index: new usearch.Index({
      dimensions: Math.max(dimensions, 1),
      metric: usearch.MetricKind.Cos,
      quantization: usearch.ScalarKind.F32,
      connectivity: 16,
      expansion_add: 128,
      expansion_search: 64,
      multi: false,
    }),
    idByKey: new Map(),
    keyById: new Map(),
    nextKey: 1n,
  };
}

/** The process's vector indexes (one per process, shared by every request). */
export const knowledgeVectorIndex = new KnowledgeVectorIndex();
