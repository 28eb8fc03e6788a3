import { Prisma } from "../generated/prisma/client";

/**
 * A base of at most this many passages has every passage matching the query ranked, with exact document
 * frequencies; a larger one ranks a bounded set of candidates (see knowledgeTextHitsSql).
 */
export const EXHAUSTIVE_TEXT_SEARCH_PASSAGES = 1_000;
/** Passages each candidate query of a larger base contributes at most. */
const CANDIDATES_PER_QUERY = 100;
/** A word of a larger base held by at most this many passages has its own candidates (see knowledgeTextHitsSql). */
const PROBED_MAX_PASSAGES = 1_000;

/**
 * The full-text side of a knowledge base's retrieval, as common table expressions ending with `text_hit (id,
 * rank)`: the `limit` chunks of the base that share words with `query`, best first (the generated `searchVector`
 * column, its GIN index). The query's words are OR-ed, so a question's other words do not exclude a
 * passage; English stop words ("how", "do", "the") are left out, and each other word also matches the words
 * starting with its English stem ("refunds" finds "refunded": `refund:*`), while passages stay indexed with the
 * `simple` configuration (no language assumed). A passage's rank is the sum of the inverse document
 * frequencies, in the base, of the query's words it holds (a rare word such as "E17" counts more than "bike"),
 * plus its `ts_rank_cd` scaled into [0, 1) to order passages holding the same words. No character of the query
 * is read as tsquery syntax: each word is quoted; retrieveKnowledgeChunks fuses it with the vector side. The base's size is the sum of its sources' chunk counts.
 *
 * Bounded work whatever the base's size: a base of at most EXHAUSTIVE_TEXT_SEARCH_PASSAGES passages has every
 * match ranked; in a larger one, only candidates are: for each k from all the words down to 2, up to
 * CANDIDATES_PER_QUERY passages holding the k rarest words together, as written (the passages this rank puts
 * first; a stem's prefix is left out of these: matching `seln:*` unions the passages of every word starting so,
 * tens of thousands in a large base, and cost a conjunction 75 ms where the word alone takes 1 ms), and
 * up to as many holding a word held by at most PROBED_MAX_PASSAGES passages (every one of a rarer word's), or
 * the rarest word, however common. There a word's document frequency is read from KnowledgeLexeme (counted per
 * source as its passages are stored): the word's passages, plus its stem's when it has one (an estimate:
 * other words of the stem are not counted, and a passage holding both is counted twice). A common word's
 * passages are not looked up one by one: a GIN bitmap scan reads every passage of a word before its LIMIT.
 * Each candidate's stored vector is read once.
 */
export function knowledgeTextHitsSql(request: { knowledgeBaseId: string; query: string; limit: number }) {
  const base = request.knowledgeBaseId;
  return Prisma.sql`
    word AS (
      SELECT DISTINCT lexeme AS word, tsvector_to_array(to_tsvector('english', lexeme)) AS stems
      FROM unnest(tsvector_to_array(to_tsvector('simple', ${request.query}))) AS lexeme
    ), term AS MATERIALIZED (
      SELECT row_number() OVER () AS n, word, prefix, to_tsquery('simple',
        CASE WHEN prefix IS NOT NULL
          THEN quote_literal(word) || ' | ' || quote_literal(prefix) || ':*'
          ELSE quote_literal(word) END) AS t
      FROM (
        SELECT word, CASE WHEN length(stems[1]) >= 4 AND stems[1] <> word THEN stems[1] END AS prefix
        FROM word WHERE cardinality(stems) > 0
      ) AS stemmed
    ), q AS MATERIALIZED (
      SELECT COALESCE((SELECT string_agg('(' || t::text || ')', ' | ') FROM term), '')::tsquery AS query
    ), total AS MATERIALIZED (
      SELECT greatest(COALESCE(sum("chunkCount"), 0), 1)::float8 AS chunks,
        COALESCE(sum("chunkCount"), 0) <= ${EXHAUSTIVE_TEXT_SEARCH_PASSAGES}::int AS exhaustive
      FROM "KnowledgeSource" WHERE "knowledgeBaseId" = ${base}
    ), frequency AS MATERIALIZED (
      -- A larger base's words, rarest first, with their document frequencies as the indexing counted them
      -- (KnowledgeLexeme): the word's and, for a stem, the stem's, summed.
      SELECT f.n, f.t, f.exact, f.df, row_number() OVER (ORDER BY f.df, f.n) AS rarity
      FROM (
        SELECT term.n, term.t, to_tsquery('simple', quote_literal(term.word)) AS exact, least(total.chunks, greatest(1, (
          SELECT COALESCE(sum(k.passages), 0) FROM "KnowledgeLexeme" k
          WHERE k."knowledgeBaseId" = ${base} AND k.lexeme IN (term.word, term.prefix)
        ))::float8) AS df
        FROM term, total WHERE NOT total.exhaustive
      ) AS f
    ), probe AS (
      -- A rare word's passages (up to CANDIDATES_PER_QUERY), and the rarest word's even when common.
      SELECT found.id FROM frequency, LATERAL (
        SELECT c.id FROM "KnowledgeChunk" c
        WHERE c."knowledgeBaseId" = ${base} AND c."searchVector" @@ frequency.t
        LIMIT ${CANDIDATES_PER_QUERY}::int
      ) AS found
      WHERE frequency.df <= ${PROBED_MAX_PASSAGES}::int OR frequency.rarity = 1
    ), together AS (
      SELECT (SELECT string_agg(f.exact::text, ' & ' ORDER BY f.rarity) FROM frequency f WHERE f.rarity <= k)::tsquery AS t
      FROM generate_series(2, (SELECT count(*) FROM frequency)) AS k
    ), bounded AS (
      SELECT probe.id FROM probe
      UNION
      SELECT found.id FROM together, LATERAL (
        SELECT c.id FROM "KnowledgeChunk" c
        WHERE c."knowledgeBaseId" = ${base} AND c."searchVector" @@ together.t
        LIMIT ${CANDIDATES_PER_QUERY}::int
      ) AS found
    ), document AS MATERIALIZED (
      -- Each candidate's vector read once (|| makes a copy held in memory): a passage's vector is mostly stored
      -- out of line (TOAST), and every other use of the column would fetch it again.
      SELECT c.id, c."searchVector" || ''::tsvector AS v FROM "KnowledgeChunk" c, q
      WHERE (SELECT exhaustive FROM total) AND c."knowledgeBaseId" = ${base} AND c."searchVector" @@ q.query
      UNION ALL
      SELECT found.id, found.v FROM bounded, LATERAL (
        -- Read by id (LIMIT keeps it a lookup per candidate, not a scan of the table).
        SELECT c.id, c."searchVector" || ''::tsvector AS v FROM "KnowledgeChunk" c
        WHERE c.id = bounded.id AND c."knowledgeBaseId" = ${base} LIMIT 1
      ) AS found
    ), matched AS MATERIALIZED (
      SELECT d.id, ts_rank_cd(d.v, q.query) AS cd, ARRAY(SELECT term.n FROM term WHERE d.v @@ term.t) AS terms
      FROM document AS d, q
    ), weight AS MATERIALIZED (
      SELECT known.n, ln(1 + total.chunks / greatest(known.df, 1)) AS idf
      FROM (
        -- Every match ranked: the frequencies counted over them.
        SELECT n, count(*)::float8 AS df FROM matched, unnest(matched.terms) AS n
        WHERE (SELECT exhaustive FROM total) GROUP BY n
        UNION ALL
        SELECT n, df FROM frequency WHERE NOT (SELECT exhaustive FROM total)
      ) AS known, total
    ), text_hit AS (
      SELECT m.id, (COALESCE((SELECT sum(w.idf) FROM weight w WHERE w.n = ANY (m.terms)), 0) + m.cd / (1 + m.cd))::float8 AS rank
      FROM matched m
      ORDER BY rank DESC, m.id
      LIMIT ${request.limit}
    )`;
}
