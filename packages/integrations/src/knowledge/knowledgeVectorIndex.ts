import { createRequire } from "node:module";
import type { Database } from "@parley/db";

// The CommonJS build: it finds its prebuilt binary from __dirname, where the ES module build walks stack
// traces, which fails under bundlers and test runners.
const usearch = createRequire(import.meta.url)("usearch") as typeof import("usearch").default;

/** A chunk found by vector similarity: cosine similarity in [-1, 1]. */
export interface VectorHit {
  id: string;
  similarity: number;
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
/** Insertions into a graph between two turns of the event loop. */
const ADDS_BETWEEN_YIELDS = 64n;

/**
 * The vector side of retrieval: per knowledge base, an HNSW graph (usearch, cosine metric) of its chunks'
 * embeddings, kept in this process and caught up with PostgreSQL, which stays the only store. A search
 * names the base's `chunksVersion` (read with the access check): when it moved, the chunk ids are read
 * again, chunks gone are removed from the graph and new ones added (only their embeddings are read), so
 * a deleted source is never returned and a re-indexed one is searched whole. Exact search was measured
 * too slow at 100,000 chunks (docs/knowledge.md, "Vector search").
 */
export class KnowledgeVectorIndex {
  readonly #indexes = new Map<string, CachedIndex>();
  readonly #catchingUp = new Map<string, Promise<CachedIndex | null>>();

  /** The `limit` chunks most similar to `query` (L2-normalised), best first. */
  async search(
    prisma: Database,
    knowledgeBase: { id: string; chunksVersion: number },
    query: Float32Array,
    limit: number,
  ): Promise<VectorHit[]> {
    const cached = await this.#current(prisma, knowledgeBase);
    if (!cached || cached.idByKey.size === 0 || cached.dimensions !== query.length) return [];
    const found = cached.index.search(query, Math.min(limit, cached.idByKey.size), 1);
    const hits: VectorHit[] = [];
    for (let position = 0; position < found.keys.length; position++) {
      const id = cached.idByKey.get(found.keys[position] ?? -1n);
      // usearch's cosine distance is 1 - similarity.
      if (id) hits.push({ id, similarity: 1 - (found.distances[position] ?? 1) });
    }
    return hits;
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
    const rows = await prisma.knowledgeChunk.findMany({ where: { knowledgeBaseId }, select: { id: true } });
    const ids = new Set(rows.map((row) => row.id));
    let current = cached;
    if (current) {
      for (const [id, key] of current.keyById) {
        if (ids.has(id)) continue;
        current.index.remove(key);
        current.keyById.delete(id);
        current.idByKey.delete(key);
      }
    }
    const added = [...ids].filter((id) => !current?.keyById.has(id));
    for (let start = 0; start < added.length; start += LOAD_BATCH) {
      const batch = await prisma.knowledgeChunk.findMany({
        where: { id: { in: added.slice(start, start + LOAD_BATCH) } },
        select: { id: true, embedding: true },
      });
      for (const row of batch) {
        if (row.embedding.length === 0) continue;
        if (!current || current.dimensions !== row.embedding.length) {
          // First vectors, or a new embeddings model: a graph of the new dimensions (the old chunks are gone).
          current = createIndex(row.embedding.length, base.chunksVersion);
        }
        const key = current.nextKey++;
        current.index.add(key, Float32Array.from(row.embedding));
        current.idByKey.set(key, row.id);
        current.keyById.set(row.id, key);
        // Each insertion is synchronous native work: other requests of the process run between small runs.
        if (key % ADDS_BETWEEN_YIELDS === 0n) await new Promise((resolve) => setImmediate(resolve));
      }
    }
    if (!current) current = createIndex(0, base.chunksVersion);
    current.chunksVersion = base.chunksVersion;
    this.#indexes.set(knowledgeBaseId, current);
    return current;
  }
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
