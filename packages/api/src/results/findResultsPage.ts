import { type Database, Prisma } from "@parley/db";
import type { Result } from "@parley/schemas/management/results";
import { type StoredResultRow, toResult } from "@parley/schemas/management/toResult";
import type { ResultsCursor } from "./resultsCursor";
import { type ResultsFilter, resultsFilterSql } from "./resultsFilter";

/** The row of a page: answers come from json_agg, with their timestamps as ISO strings. */
type ResultPageRow = Omit<StoredResultRow, "answers"> & {
  answers: (Omit<StoredResultRow["answers"][number], "createdAt"> & { createdAt: string })[];
};

/**
 * One page of a filter's results, newest first, after the keyset `cursor` (createdAt, id):
 * one statement, the answers of each result aggregated in it.
 */
export async function findResultsPage(
  prisma: Database,
  filter: ResultsFilter,
  { cursor, limit }: { cursor?: ResultsCursor; limit: number },
): Promise<{ results: Result[]; last?: ResultsCursor }> {
  const after = cursor
    ? Prisma.sql`AND (r."createdAt", r.id) < (${cursor.createdAt}::timestamptz, ${cursor.id})`
    : Prisma.empty;
  const rows = await prisma.$queryRaw<ResultPageRow[]>`
    SELECT r.id, r."createdAt", r."hasStarted", r."isCompleted", r.language, r.variables,
      COALESCE((
        SELECT json_agg(json_build_object(
          'blockId', a."blockId", 'groupId', a."groupId", 'content', a.content,
          'attachedFileUrls', a."attachedFileUrls",
          'createdAt', to_char(a."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        ) ORDER BY a.index)
        FROM "Answer" a WHERE a."resultId" = r.id
      ), '[]'::json) AS answers
    FROM "Result" r
    WHERE ${resultsFilterSql(filter)} ${after}
    ORDER BY r."createdAt" DESC, r.id DESC
    LIMIT ${limit}`;
  const lastRow = rows[rows.length - 1];
  return {
    results: rows.map((row) =>
      toResult({
        ...row,
        answers: row.answers.map((answer) => ({ ...answer, createdAt: new Date(answer.createdAt) })),
      }),
    ),
    last: lastRow ? { createdAt: lastRow.createdAt, id: lastRow.id } : undefined,
  };
}
