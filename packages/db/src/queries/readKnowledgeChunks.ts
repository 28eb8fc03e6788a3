import type { Database } from "../client";

export interface KnowledgeChunkRow {
  id: string;
  text: string;
  heading: string | null;
  url: string | null;
  embedding: number[];
  sourceId: string;
  sourceName: string;
}

/** The chunks of `ids` in a knowledge base, each with its source's name, in one statement (a join). */
export async function readKnowledgeChunks(
  prisma: Database,
  request: { knowledgeBaseId: string; ids: readonly string[] },
): Promise<KnowledgeChunkRow[]> {
  if (request.ids.length === 0) return [];
  return prisma.$queryRaw<KnowledgeChunkRow[]>`
    SELECT c.id, c.text, c.heading, c.url, c.embedding, s.id AS "sourceId", s.name AS "sourceName"
    FROM "KnowledgeChunk" c
    JOIN "KnowledgeSource" s ON s.id = c."sourceId"
    WHERE c.id = ANY (${[...request.ids]}::text[]) AND c."knowledgeBaseId" = ${request.knowledgeBaseId}`;
}
