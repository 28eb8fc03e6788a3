import { Prisma } from "../generated/prisma/client";

/**
 * The full-text side of a knowledge base's retrieval, as common table expressions ending with `text_hit (id,
 * rank)`: the `limit` chunks of the base that share words with `query`, best first (the generated
 * `searchVector` column, its GIN index). The query's words are OR-ed, so a question's other words do not
 * exclude a passage; English stop words ("how", "do", "the") are left out, and each other word also matches the
 * words starting with its English stem ("refunds" finds "refunded": `refund:*`), while passages stay indexed
 * with the `simple` configuration (no language assumed). A passage's rank is the sum of the inverse document
 * frequencies, in the base, of the query's words it holds (a rare word such as "E17" counts more than "bike"),
 * plus its `ts_rank_cd` scaled into [0, 1) to order passages holding the same words. No character of the query
 * is read as tsquery syntax: each word is quoted. retrieveKnowledgeChunks fuses it with the vector side.
 */
export function knowledgeTextHitsSql(request: { knowledgeBaseId: string; query: string; limit: number }) {
  return Prisma.sql`
    word AS (
      SELECT DISTINCT lexeme AS word, tsvector_to_array(to_tsvector('english', lexeme)) AS stems
      FROM unnest(tsvector_to_array(to_tsvector('simple', ${request.query}))) AS lexeme
    ), term AS (
      SELECT row_number() OVER () AS n, to_tsquery('simple',
        CASE WHEN length(stems[1]) >= 4 AND stems[1] <> word
          THEN quote_literal(word) || ' | ' || quote_literal(stems[1]) || ':*'
          ELSE quote_literal(word) END) AS t
      FROM word WHERE cardinality(stems) > 0
    ), q AS (
      SELECT COALESCE((SELECT string_agg('(' || t::text || ')', ' | ') FROM term), '')::tsquery AS query
    ), matched AS MATERIALIZED (
      SELECT c.id, ts_rank_cd(c."searchVector", q.query) AS cd,
        ARRAY(SELECT term.n FROM term WHERE c."searchVector" @@ term.t) AS terms
      FROM "KnowledgeChunk" c, q
      WHERE c."knowledgeBaseId" = ${request.knowledgeBaseId} AND c."searchVector" @@ q.query
    ), total AS (
      SELECT count(*)::float8 AS chunks FROM "KnowledgeChunk" WHERE "knowledgeBaseId" = ${request.knowledgeBaseId}
    ), weight AS MATERIALIZED (
      -- Materialized: referenced once, PostgreSQL would inline it into the per-passage subquery below and
      -- recount every matched passage for each of them (quadratic: minutes at 5,000 passages).
      SELECT n, ln(1 + total.chunks / count(*)) AS idf
      FROM matched, unnest(matched.terms) AS n, total
      GROUP BY n, total.chunks
    ), text_hit AS (
      SELECT m.id, ((SELECT sum(w.idf) FROM weight w WHERE w.n = ANY (m.terms)) + m.cd / (1 + m.cd))::float8 AS rank
      FROM matched m
      ORDER BY rank DESC, m.id
      LIMIT ${request.limit}
    )`;
}
