import type { Database } from "@parley/db";
import { Prisma } from "@parley/db";
import { planTerms } from "./plans";

const defaultLimitByPlan = Prisma.raw(
  `CASE plan ${Object.entries(planTerms)
    .map(([plan, terms]) => `WHEN '${plan}' THEN ${terms.defaultChatsHardLimit ?? "NULL"}`)
    .join(" ")} END`,
);

/**
 * Whether the workspace has used up its chats for the current billing period
 * (decisions.md: startChat then answers FORBIDDEN / CHATS_LIMIT_REACHED).
 * One query: the period start is computed in SQL exactly like
 * `getBillingPeriod`, and the count stops at the limit. An unknown workspace
 * or one without a limit is never limited.
 */
export async function isChatsLimitReached(
  prisma: Database,
  workspaceId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const rows = await prisma.$queryRaw<{ chatsLimit: number | null; used: number }[]>`
    WITH w AS (
      SELECT id, plan, "chatsHardLimit",
             ("createdAt" AT TIME ZONE 'UTC') AS anchor,
             (${now}::timestamptz AT TIME ZONE 'UTC') AS n
      FROM "Workspace" WHERE id = ${workspaceId}
    ), k AS (
      SELECT w.*, GREATEST(0, ((date_part('year', n) - date_part('year', anchor)) * 12
                               + date_part('month', n) - date_part('month', anchor))::int) AS months
      FROM w
    ), p AS (
      SELECT k.id, COALESCE(k."chatsHardLimit", ${defaultLimitByPlan})::int AS "chatsLimit",
             (CASE WHEN anchor + make_interval(months => months) > n
                   THEN anchor + make_interval(months => GREATEST(months - 1, 0))
                   ELSE anchor + make_interval(months => months) END) AT TIME ZONE 'UTC' AS "periodStart"
      FROM k
    )
    SELECT p."chatsLimit",
           (SELECT count(*)::int FROM (
              SELECT 1 FROM "Result" r
              WHERE r."workspaceId" = p.id AND r."createdAt" >= p."periodStart"
              LIMIT COALESCE(p."chatsLimit", 0)
           ) AS limited) AS used
    FROM p`;
  const row = rows[0];
  if (!row || row.chatsLimit === null) return false;
  return row.used >= row.chatsLimit;
}
