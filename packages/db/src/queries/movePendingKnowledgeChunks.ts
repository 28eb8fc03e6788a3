import type { Database } from "../client";

/**
 * Moves a source's pending passages of `revision` into KnowledgeChunk (by PostgreSQL, not through the process: a
 * source's passages are never in its memory together). Run in the transaction that replaces its passages.
 */
export async function movePendingKnowledgeChunks(
  tx: Pick<Database, "$executeRaw">,
  request: { knowledgeBaseId: string; sourceId: string; revision: number },
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "KnowledgeChunk" (id, "knowledgeBaseId", "sourceId", ordinal, text, heading, url, embedding)
    SELECT id, ${request.knowledgeBaseId}, "sourceId", ordinal, text, heading, url, embedding
    FROM "KnowledgePendingChunk" WHERE "sourceId" = ${request.sourceId} AND revision = ${request.revision}`;
}
