import { Prisma } from "../generated/prisma/client";
import type { Pool } from "../pool";
import { knowledgeTextHitsSql } from "./searchKnowledgeText";

/** Reciprocal rank fusion's constant (Cormack et al.): a hit at rank r of one list scores 1 / (RRF_K + r). */
const RRF_K = 60;

export interface RetrievedChunkRow {
  id: string;
  text: string;
  heading: string | null;
  url: string | null;
  embedding: number[];
  sourceId: string;
  sourceName: string;
  /** The fused score: the sum of 1 / (RRF_K + rank) over the lists that rank it. */
  score: number;
}

/**
 * A knowledge base's retrieval in one statement: its chunks ranked by full-text search (knowledgeTextHitsSql, the
 * best `candidates`), fused by reciprocal rank with `vectorIds` (the vector side's candidates, best first, found
 * in the process's graph), and the best `topK` chunks that exist, with their source: the fused score, then the
 * id (byte order), decides. A chunk deleted since the graph saw it is not returned (only chunks of the base are
 * joined), so a deleted source is never found.
 *
 * A named prepared statement: its text never changes (only its values do), so each connection parses it once and
 * PostgreSQL may keep its plan, instead of parsing and planning the long statement on every retrieval.
 */
export async function retrieveKnowledgeChunks(
  pool: Pool,
  request: RetrieveKnowledgeChunksRequest,
): Promise<RetrievedChunkRow[]> {
  const statement = retrieveKnowledgeChunksSql(request);
  const { rows } = await pool.query<RetrievedChunkRow>({
    name: "retrieveKnowledgeChunks",
    text: statement.text,
    values: statement.values,
  });
  return rows.map((row) => ({ ...row, score: Number(row.score) }));
}

export interface RetrieveKnowledgeChunksRequest {
  knowledgeBaseId: string;
  query: string;
  vectorIds: readonly string[];
  candidates: number;
  topK: number;
}

/** retrieveKnowledgeChunks's statement (apart, so its plan can be read with EXPLAIN). */
export function retrieveKnowledgeChunksSql(request: RetrieveKnowledgeChunksRequest) {
  return Prisma.sql`
    WITH ${knowledgeTextHitsSql({ knowledgeBaseId: request.knowledgeBaseId, query: request.query, limit: request.candidates })},
    text_rank AS (
      SELECT id, row_number() OVER (ORDER BY rank DESC, id) AS position FROM text_hit
    ), vector_rank AS (
      SELECT id, position FROM unnest(${[...request.vectorIds]}::text[]) WITH ORDINALITY AS v(id, position)
    ), fused AS (
      -- Each list's term 1 / (RRF_K + rank), in float8; a list that does not rank the chunk adds 0.
      SELECT COALESCE(t.id, v.id) AS id,
        COALESCE(1::float8 / (${RRF_K}::int + t.position), 0)
          + COALESCE(1::float8 / (${RRF_K}::int + v.position), 0) AS score
      FROM text_rank t FULL JOIN vector_rank v ON v.id = t.id
    )
    SELECT c.id, c.text, c.heading, c.url, c.embedding, s.id AS "sourceId", s.name AS "sourceName", f.score
    FROM fused f
    JOIN "KnowledgeChunk" c ON c.id = f.id AND c."knowledgeBaseId" = ${request.knowledgeBaseId}
    JOIN "KnowledgeSource" s ON s.id = c."sourceId"
    ORDER BY f.score DESC, f.id COLLATE "C"
    LIMIT ${request.topK}`;
}
