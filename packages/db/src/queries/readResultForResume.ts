import type { Pool } from "../pool";

/** A stored result of a bot that a remembered user continues (startChat with resultId). */
export interface ResumableResultRow {
  id: string;
  variables: unknown;
  /** Next free answer index (indexes continue, so nothing stored is overwritten by a new answer). */
  answerCount: number;
  visitedEdgeCount: number;
}

export async function readResultForResume(
  pool: Pool,
  input: { resultId: string; botId: string },
): Promise<ResumableResultRow | null> {
  const { rows } = await pool.query<ResumableResultRow>({
    name: "readResultForResume",
    text: `SELECT r.id, r.variables,
        COALESCE((SELECT max(a."index") + 1 FROM "Answer" a WHERE a."resultId" = r.id), 0)::int AS "answerCount",
        COALESCE((SELECT max(e."index") + 1 FROM "VisitedEdge" e WHERE e."resultId" = r.id), 0)::int AS "visitedEdgeCount"
      FROM "Result" r WHERE r.id = $1 AND r."botId" = $2 AND NOT r."isArchived"`,
    values: [input.resultId, input.botId],
  });
  return rows[0] ?? null;
}
