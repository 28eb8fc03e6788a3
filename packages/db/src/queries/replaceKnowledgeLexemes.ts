import type { Database } from "../client";

/**
 * Counts again, from its passages, how many of a source's passages hold each word (KnowledgeLexeme, the document
 * frequencies searchKnowledgeText ranks a large base with). Run in the transaction that makes the source's
 * passages current, after they are stored; a source deleted takes its rows with it (a foreign key), and one
 * whose passages are deleted has them deleted here. Rows are per source: sources indexed at once never write
 * the same rows.
 */
export async function replaceKnowledgeLexemes(
  tx: Pick<Database, "$executeRaw">,
  sourceId: string,
): Promise<void> {
  await tx.$executeRaw`DELETE FROM "KnowledgeLexeme" WHERE "sourceId" = ${sourceId}`;
  await tx.$executeRaw`
    INSERT INTO "KnowledgeLexeme" ("knowledgeBaseId", lexeme, "sourceId", passages)
    SELECT c."knowledgeBaseId", l.lexeme, c."sourceId", count(*)::int
    FROM "KnowledgeChunk" c, unnest(tsvector_to_array(c."searchVector")) AS l(lexeme)
    WHERE c."sourceId" = ${sourceId}
    GROUP BY 1, 2, 3`;
}
