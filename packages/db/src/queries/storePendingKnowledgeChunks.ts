import type { Database } from "../client";

export interface PendingKnowledgeChunkRow {
  ordinal: number;
  id: string;
  text: string;
  heading: string | null;
  url: string | null;
  document: number | null;
  embedding: Float32Array;
}

/**
 * Stores a batch of a source's passages, embedded, as pending passages of its `revision` (KnowledgePendingChunk,
 * never searched), only while the source is still at that revision. Returns whether they were stored.
 */
export async function storePendingKnowledgeChunks(
  prisma: Pick<Database, "$executeRaw">,
  request: { sourceId: string; revision: number; chunks: readonly PendingKnowledgeChunkRow[] },
): Promise<boolean> {
  const { sourceId, revision, chunks } = request;
  const inserted = await prisma.$executeRaw`
    INSERT INTO "KnowledgePendingChunk" ("sourceId", revision, ordinal, id, text, heading, url, document, embedding)
    SELECT ${sourceId}, ${revision}, r.ordinal, r.id, r.text, r.heading, r.url, r.document, r.embedding::real[]
    FROM unnest(${chunks.map((chunk) => chunk.ordinal)}::int[], ${chunks.map((chunk) => chunk.id)}::text[],
      ${chunks.map((chunk) => chunk.text)}::text[], ${chunks.map((chunk) => chunk.heading)}::text[],
      ${chunks.map((chunk) => chunk.url)}::text[], ${chunks.map((chunk) => chunk.document)}::int[],
      ${chunks.map((chunk) => `{${chunk.embedding.join(",")}}`)}::text[])
      AS r(ordinal, id, text, heading, url, document, embedding)
    WHERE EXISTS (SELECT 1 FROM "KnowledgeSource" WHERE id = ${sourceId} AND revision = ${revision})`;
  return inserted > 0;
}
