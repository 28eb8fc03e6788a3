import { type Database, Prisma } from "@parley/db";
import type { VersionStats } from "@parley/schemas/management/canary";
import type { TimeRange } from "../analytics/getTimeRange";
import { resultsFilterSql } from "../results/resultsFilter";

interface VersionStatsRow {
  version: number;
  totalViews: number;
  totalStarts: number;
  totalCompleted: number;
  averageDurationSeconds: number | null;
  totalAnsweredByHuman: number;
}

/**
 * The numbers of each published version of a bot over its chats of a range (results not deleted), newest
 * version first: chats, starts, completed, the mean duration of started chats (start to last turn) and the
 * chats a person answered in the inbox (an agent's message that is not an internal note). `versions` limits
 * it to those version numbers. Preview chats have no version and are not counted.
 */
export async function readVersionStats(
  prisma: Database,
  input: { botId: string; range: TimeRange; versions?: number[] },
): Promise<VersionStats[]> {
  const onlyVersions =
    input.versions && input.versions.length > 0
      ? Prisma.sql`AND p.version IN (${Prisma.join(input.versions)})`
      : Prisma.empty;
  const rows = await prisma.$queryRaw<VersionStatsRow[]>`
    SELECT p.version,
           count(*)::int AS "totalViews",
           count(*) FILTER (WHERE r."hasStarted")::int AS "totalStarts",
           count(*) FILTER (WHERE r."isCompleted")::int AS "totalCompleted",
           (avg(extract(epoch FROM r."updatedAt" - r."createdAt")) FILTER (WHERE r."hasStarted"))::float8
             AS "averageDurationSeconds",
           count(h."resultId")::int AS "totalAnsweredByHuman"
    FROM "Result" r
    JOIN "PublishedBot" p ON p.id = r."publishedBotId"
    LEFT JOIN (
      SELECT DISTINCT c."resultId" FROM "Conversation" c
      WHERE c."botId" = ${input.botId} AND c."resultId" IS NOT NULL
        AND EXISTS (SELECT 1 FROM "ConversationMessage" m
                    WHERE m."conversationId" = c.id AND m.author = 'agent' AND NOT m."isInternal")
    ) h ON h."resultId" = r.id
    WHERE ${resultsFilterSql({ botId: input.botId, range: input.range })} ${onlyVersions}
    GROUP BY p.version
    ORDER BY p.version DESC`;
  return rows.map(toVersionStats);
}

/** A version's row with its rates; a version without chats in the range is all zeros. */
export function toVersionStats(row: VersionStatsRow): VersionStats {
  const rate = (count: number) => (row.totalViews > 0 ? count / row.totalViews : null);
  return {
    ...row,
    averageDurationSeconds:
      row.averageDurationSeconds === null ? null : Math.round(row.averageDurationSeconds * 10) / 10,
    completionRate: rate(row.totalCompleted),
    answeredByHumanRate: rate(row.totalAnsweredByHuman),
  };
}

/** The row of a version without chats. */
export function emptyVersionStats(version: number): VersionStats {
  return toVersionStats({
    version,
    totalViews: 0,
    totalStarts: 0,
    totalCompleted: 0,
    averageDurationSeconds: null,
    totalAnsweredByHuman: 0,
  });
}
