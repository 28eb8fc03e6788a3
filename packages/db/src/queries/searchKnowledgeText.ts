import type { Database } from "../client";

export interface KnowledgeTextHit {
  id: string;
  rank: number;
}

/**
 * The chunks of a knowledge base that share words with `query`, best full-text rank first
 * (PostgreSQL's `ts_rank_cd` over the generated `searchVector` column, its GIN index). Any of the query's
 * words matches (an OR of its lexemes, each quoted): a question's small words do not exclude a passage, and
 * no character of the query is read as tsquery syntax.
 */
export async function searchKnowledgeText(
  prisma: Database,
  request: { knowledgeBaseId: string; query: string; limit: number },
): Promise<KnowledgeTextHit[]> {
  const rows = await prisma.$queryRaw<{ id: string; rank: number }[]>`
    WITH q AS (
      SELECT to_tsquery('simple', COALESCE(array_to_string(ARRAY(
        SELECT quote_literal(lexeme) FROM unnest(tsvector_to_array(to_tsvector('simple', ${request.query}))) AS lexeme
      ), ' | '), '')) AS query
    )
    SELECT c.id, ts_rank_cd(c."searchVector", q.query)::float8 AS rank
    FROM "KnowledgeChunk" c, q
    WHERE c."knowledgeBaseId" = ${request.knowledgeBaseId} AND c."searchVector" @@ q.query
    ORDER BY rank DESC, c.id
    LIMIT ${request.limit}`;
  return rows.map((row) => ({ id: row.id, rank: Number(row.rank) }));
}
