import { type Database, getPgPool } from "@parley/db";
import { retrieveKnowledgeChunks } from "@parley/db/queries/retrieveKnowledgeChunks";
import type { KnowledgeQueryResult } from "@parley/schemas/management/knowledge";
import type { CallOptions } from "../ai/aiTypes";
import { readEmbeddingEndpoint, requestEmbeddings } from "./embeddingsClient";
import { type KnowledgeVectorIndex, knowledgeVectorIndex } from "./knowledgeVectorIndex";

/** Candidates each side contributes before fusion. */
const CANDIDATES = 50;

/**
 * The cosine similarity to the question a passage needs for an answer to count as supported by the knowledge
 * base (isSupportedByKnowledge); below it on every passage, an AI answer should take its fallback rather than
 * invent. The fused `score` cannot say it: it is made of ranks, so the best passage of an unrelated question
 * scores as high as that of a well-answered one. The scale of similarities depends on the embeddings model:
 * 0.35 is a starting point for OpenAI's text-embedding-3 models, where unrelated text mostly scores below it;
 * other models (Mistral's embeddings score everything higher) need their own, read from the `similarity` the
 * query endpoint returns (docs/knowledge.md, "Retrieval quality").
 */
export const KNOWLEDGE_SUPPORT_MIN_SIMILARITY = 0.35;

/** Whether some retrieved passage is similar enough to the question to ground an answer. */
export function isSupportedByKnowledge(
  results: readonly Pick<KnowledgeQueryResult, "similarity">[],
  minSimilarity = KNOWLEDGE_SUPPORT_MIN_SIMILARITY,
): boolean {
  return results.some((result) => result.similarity >= minSimilarity);
}

export type KnowledgeSearchOutcome =
  | { ok: true; results: KnowledgeQueryResult[] }
  | { ok: false; error: string };

/**
 * Hybrid retrieval: the base's chunks ranked by PostgreSQL full-text search and by vector similarity to the
 * query's embedding (asked of the base's credentials and model), fused by reciprocal rank fusion; the best
 * `topK` with their source. Only committed chunks exist, and a source's chunks are replaced in one
 * transaction, so nothing half-indexed is found. A provider failure is `{ ok: false }` with its message.
 */
export async function searchKnowledgeBase(
  prisma: Database,
  request: {
    knowledgeBase: {
      id: string;
      workspaceId: string;
      credentialsId: string | null;
      embeddingModel: string;
      chunksVersion: number;
    };
    query: string;
    topK: number;
    call: CallOptions;
    vectorIndex?: KnowledgeVectorIndex;
    /** The base's embeddings endpoint when the caller read its credentials with the base (no read here). */
    endpoint?: Awaited<ReturnType<typeof readEmbeddingEndpoint>>;
  },
): Promise<KnowledgeSearchOutcome> {
  const { knowledgeBase } = request;
  const endpoint =
    request.endpoint ??
    (await readEmbeddingEndpoint(prisma, {
      workspaceId: knowledgeBase.workspaceId,
      credentialsId: knowledgeBase.credentialsId,
      model: knowledgeBase.embeddingModel,
    }));
  if (!endpoint.ok) return endpoint;
  let queryVector: Float32Array;
  try {
    const [vector] = await requestEmbeddings(endpoint.endpoint, [request.query], request.call);
    if (!vector) return { ok: false, error: "The embeddings server returned no vector for the query" };
    queryVector = vector;
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  const results = await retrieveKnowledge(prisma, {
    knowledgeBase,
    query: request.query,
    queryVector,
    topK: request.topK,
    vectorIndex: request.vectorIndex,
  });
  return { ok: true, results };
}

/**
 * The retrieval proper, once the query is embedded: the vector candidates found in the process's graph, then one
 * statement ranking the full-text candidates, fusing both by reciprocal rank and reading the best `topK` with
 * their source (the benchmark times this apart from the provider's embedding).
 */
export async function retrieveKnowledge(
  prisma: Database,
  request: {
    knowledgeBase: { id: string; chunksVersion: number };
    query: string;
    queryVector: Float32Array;
    topK: number;
    vectorIndex?: KnowledgeVectorIndex;
  },
): Promise<KnowledgeQueryResult[]> {
  const { knowledgeBase, queryVector } = request;
  const vectorHits = await (request.vectorIndex ?? knowledgeVectorIndex).search(
    prisma,
    knowledgeBase,
    queryVector,
    CANDIDATES,
  );
  // The statement goes to the pool the Prisma client uses (getPrisma's), as a named prepared statement.
  const chunks = await retrieveKnowledgeChunks(getPgPool(), {
    knowledgeBaseId: knowledgeBase.id,
    query: request.query,
    vectorIds: vectorHits.map((hit) => hit.id),
    candidates: CANDIDATES,
    topK: request.topK,
  });
  return chunks.map((chunk) => ({
    text: chunk.text,
    score: chunk.score,
    similarity: cosineSimilarity(queryVector, chunk.embedding),
    source: { id: chunk.sourceId, name: chunk.sourceName, ...(chunk.url ? { url: chunk.url } : {}) },
    ...(chunk.heading ? { location: chunk.heading } : {}),
  }));
}

/** Both vectors are L2-normalised (embeddingsClient's `normalize`): the dot product; 0 for another model's. */
function cosineSimilarity(query: Float32Array, passage: readonly number[]): number {
  if (passage.length !== query.length) return 0;
  let dot = 0;
  for (let index = 0; index < query.length; index++) dot += (query[index] ?? 0) * (passage[index] ?? 0);
  return Math.round(dot * 10_000) / 10_000;
}
