import type { Database } from "../client";

/**
 * The embeddings of the passages `ids` that have one, in PostgreSQL's binary array format (array_send) for the
 * caller to decode: parsing them as lists of numbers costs several times the rest of a vector graph's build.
 */
export function readKnowledgeChunkEmbeddings(
  prisma: Pick<Database, "$queryRaw">,
  ids: readonly string[],
): Promise<{ id: string; embedding: Uint8Array }[]> {
  return prisma.$queryRaw<{ id: string; embedding: Uint8Array }[]>`
    SELECT id, array_send(embedding) AS embedding FROM "KnowledgeChunk"
    WHERE id = ANY (${[...ids]}::text[]) AND cardinality(embedding) > 0`;
}
